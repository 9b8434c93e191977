"""LBFGS's strong-Wolfe line search, ``torch/optim/lbfgs.py``'s ``_cubic_interpolate`` and
``_strong_wolfe`` statement for statement (the values are 0-d tensors where PyTorch's
are, so every comparison and product is the same), split into its two phases: bracketing
a step that satisfies the conditions, then zooming into the bracket."""

__all__ = ["cubic_interpolate", "strong_wolfe"]


def cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """The minimiser of the cubic through two points with their slopes, within bounds."""
    if bounds is not None:
        xmin_bound, xmax_bound = bounds
    else:
        xmin_bound, xmax_bound = (x1, x2) if x1 <= x2 else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if d2_square >= 0:
        d2 = d2_square.sqrt()
        if x1 <= x2:
            min_pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
        else:
            min_pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
        return min(max(min_pos, xmin_bound), xmax_bound)
    return (xmin_bound + xmax_bound) / 2.0


class _Search:
    """The search's state: the start (f, g, gtd), the latest trial and the bracket."""

    def __init__(self, obj_func, x, t, d, f, g, gtd, c1, c2, tolerance_change, max_ls):
        self.obj_func, self.x, self.d = obj_func, x, d
        self.f, self.g, self.gtd = f, g.clone(), gtd
        self.c1, self.c2, self.tolerance_change, self.max_ls = c1, c2, tolerance_change, max_ls
        self.d_norm = d.abs().max()
        self.t = t
        self.f_new, self.g_new = obj_func(x, t, d)
        self.ls_func_evals = 1
        self.gtd_new = self.g_new.dot(d)
        self.ls_iter = 0
        self.done = False

    def evaluate(self, t):
        self.f_new, self.g_new = self.obj_func(self.x, t, self.d)
        self.ls_func_evals += 1
        self.gtd_new = self.g_new.dot(self.d)
        self.ls_iter += 1

    def bracket_phase(self):
        t_prev, f_prev, g_prev, gtd_prev = 0, self.f, self.g, self.gtd
        while self.ls_iter < self.max_ls:
            t, f_new, g_new, gtd_new = self.t, self.f_new, self.g_new, self.gtd_new
            if f_new > (self.f + self.c1 * t * self.gtd) or (self.ls_iter > 1
                                                           and f_new >= f_prev):
                return [t_prev, t], [f_prev, f_new], [g_prev, g_new.clone()], \
                    [gtd_prev, gtd_new]
            if abs(gtd_new) <= -self.c2 * self.gtd:
                self.done = True
                return [t], [f_new], [g_new], None
            if gtd_new >= 0:
                return [t_prev, t], [f_prev, f_new], [g_prev, g_new.clone()], \
                    [gtd_prev, gtd_new]
            min_step = t + 0.01 * (t - t_prev)
            max_step = t * 10
            self.t = cubic_interpolate(t_prev, f_prev, gtd_prev, t, f_new, gtd_new,
                                       bounds=(min_step, max_step))
            t_prev, f_prev, g_prev, gtd_prev = t, f_new, g_new.clone(), gtd_new
            self.evaluate(self.t)
        return [0, self.t], [self.f, self.f_new], [self.g, self.g_new], None

    def next_trial(self, bracket, bracket_f, bracket_gtd, insuf_progress):
        t = cubic_interpolate(bracket[0], bracket_f[0], bracket_gtd[0], bracket[1],
                              bracket_f[1], bracket_gtd[1])
        eps = 0.1 * (max(bracket) - min(bracket))
        if min(max(bracket) - t, t - min(bracket)) < eps:
            if insuf_progress or t >= max(bracket) or t <= min(bracket):
                if abs(t - max(bracket)) < abs(t - min(bracket)):
                    t = max(bracket) - eps
                else:
                    t = min(bracket) + eps
                return t, False
            return t, True
        return t, False

    def zoom_phase(self, bracket, bracket_f, bracket_g, bracket_gtd):
        insuf_progress = False
        low_pos, high_pos = (0, 1) if bracket_f[0] <= bracket_f[-1] else (1, 0)
        while not self.done and self.ls_iter < self.max_ls:
            if abs(bracket[1] - bracket[0]) * self.d_norm < self.tolerance_change:
                break
            t, insuf_progress = self.next_trial(bracket, bracket_f, bracket_gtd,
                                                insuf_progress)
            self.evaluate(t)
            f_new, g_new, gtd_new = self.f_new, self.g_new, self.gtd_new
            if f_new > (self.f + self.c1 * t * self.gtd) or f_new >= bracket_f[low_pos]:
                bracket[high_pos], bracket_f[high_pos] = t, f_new
                bracket_g[high_pos], bracket_gtd[high_pos] = g_new.clone(), gtd_new
                low_pos, high_pos = (0, 1) if bracket_f[0] <= bracket_f[1] else (1, 0)
            else:
                if abs(gtd_new) <= -self.c2 * self.gtd:
                    self.done = True
                elif gtd_new * (bracket[high_pos] - bracket[low_pos]) >= 0:
                    bracket[high_pos], bracket_f[high_pos] = bracket[low_pos], bracket_f[low_pos]
                    bracket_g[high_pos] = bracket_g[low_pos]
                    bracket_gtd[high_pos] = bracket_gtd[low_pos]
                bracket[low_pos], bracket_f[low_pos] = t, f_new
                bracket_g[low_pos], bracket_gtd[low_pos] = g_new.clone(), gtd_new
        return bracket[low_pos], bracket_f[low_pos], bracket_g[low_pos]


def strong_wolfe(obj_func, x, t, d, f, g, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9,
                 max_ls=25):
    """A step ``t`` along ``d`` satisfying the strong Wolfe conditions:
    ``(f_new, g_new, t, evaluations)``."""
    search = _Search(obj_func, x, t, d, f, g, gtd, c1, c2, tolerance_change, max_ls)
    bracket, bracket_f, bracket_g, bracket_gtd = search.bracket_phase()
    t, f_new, g_new = search.zoom_phase(bracket, bracket_f, bracket_g, bracket_gtd)
    return f_new, g_new, t, search.ls_func_evals

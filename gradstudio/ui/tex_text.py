"""LaTeX maths as readable plain text, for the Lesson panel (which renders no TeX):
``tex_to_text(r"v = (v_1, \\cdots, v_{m})^T")`` is ``"v = (v₁, ⋯, vₘ)ᵀ"``.

Greek letters and common operators become their Unicode characters, ``^`` and ``_``
become superscript and subscript characters where Unicode has them all (``x^(n+1)``
otherwise), ``\\frac{a}{b}`` becomes ``a/b``, ``\\sqrt{x}`` ``√x``, sizing commands
(``\\left``, ``\\right``, ``\\big``) and grouping braces go, matrices become
``[a, b; c, d]``. An unknown command keeps its name without the backslash. Nothing is
ever evaluated or fetched."""

import re

__all__ = ["tex_to_text"]

_GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho "
          "sigma tau upsilon phi chi psi omega").split()
SYMBOLS = dict(zip(_GREEK, "αβγδεζηθικλμνξπρστυφχψω"))
SYMBOLS.update({name.capitalize(): c.upper() for name, c in SYMBOLS.items()})
SYMBOLS.update(varepsilon="ε", vartheta="ϑ", varphi="φ", varsigma="ς", varrho="ϱ",
               sum=" ∑", prod=" ∏", int=" ∫", oint=" ∮", partial="∂", nabla="∇", infty="∞",
               cdot="·", cdots="⋯", ldots="…", dots="…", vdots="⋮", ddots="⋱",
               times="×", div="÷", pm="±", mp="∓", circ="∘", odot="⊙", otimes="⊗",
               oplus="⊕", ast="∗", star="⋆", leq="≤", le="≤", geq="≥", ge="≥", neq="≠",
               ne="≠", approx="≈", sim="∼", simeq="≃", equiv="≡", propto="∝", ll="≪",
               gg="≫", to="→", rightarrow="→", leftarrow="←", Rightarrow="⇒",
               Leftarrow="⇐", leftrightarrow="↔", Leftrightarrow="⇔", mapsto="↦",
               implies="⇒", iff="⇔", forall="∀", exists="∃", neg="¬", land="∧", lor="∨",
               cap="∩", cup="∪", subset="⊂", subseteq="⊆", supset="⊃", supseteq="⊇",
               emptyset="∅", varnothing="∅", top="ᵀ", perp="⊥", parallel="∥", angle="∠",
               degree="°", prime="′", ell="ℓ", hbar="ℏ", Re="ℜ", Im="ℑ", aleph="ℵ",
               langle="⟨", rangle="⟩", lfloor="⌊", rfloor="⌋", lceil="⌈", rceil="⌉",
               vert="|", Vert="‖", mid="|", setminus="∖", quad="  ", qquad="    ",
               **{"in": "∈", "notin": "∉", "ni": "∋"})
for _word in ("log ln exp sin cos tan tanh sinh cosh arg max min sup inf lim det dim "
              "ker sgn softmax").split():
    SYMBOLS[_word] = _word
_BLACKBOARD = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "E": "𝔼", "P": "ℙ"}
_KEEP_ARGUMENT = {"text", "textrm", "textbf", "textit", "mathrm", "mathbf", "mathit",
                  "mathsf", "mathtt", "mathcal", "boldsymbol", "bm", "operatorname",
                  "mbox", "displaystyle", "textstyle", "hat", "bar", "tilde", "vec",
                  "overline", "underline", "widehat", "widetilde", "dot", "ddot"}
_DROPPED = {"left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
            "biggl", "biggr", "displaystyle", "textstyle", "limits", "nolimits", "nonumber"}
_ACCENTS = {"hat": "\u0302", "bar": "\u0304", "tilde": "\u0303", "vec": "\u20d7",
            "dot": "\u0307", "ddot": "\u0308", "overline": "\u0305"}
_SUP = dict(zip("0123456789+-=()nTiajkmtxyz", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿᵀⁱᵃʲᵏᵐᵗˣʸᶻ"))
_SUP.update({"*": "*", "′": "′", "−": "⁻", "ᵀ": "ᵀ"})
_SUB = dict(zip("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"))
_MATRICES = {"matrix", "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "array",
             "cases", "aligned", "align", "align*", "split", "gathered"}


def tex_to_text(tex):
    """``tex`` (the inside of ``$…$`` or ``$$…$$``) as readable Unicode text."""
    text = " ".join(_Reader(str(tex)).read().split())
    return re.sub(r"\s+([,;\]])", r"\1", text).replace("[ ", "[")


class _Reader:
    def __init__(self, tex):
        self.s, self.i = tex, 0

    def read(self, stop=None):
        out = []
        while self.i < len(self.s) and self.s[self.i] != stop:
            out.append(self._one())
        if stop is not None and self.i < len(self.s):
            self.i += 1                                   # (the closing brace)
        return "".join(out)

    def _one(self):
        c = self.s[self.i]
        self.i += 1
        if c == "\\":
            return self._command()
        if c == "{":
            return self.read("}")
        if c in "^_":
            return _script(self._argument(), _SUP if c == "^" else _SUB, c)
        if c == "}":
            return ""
        if c == "&":
            return ", "
        if c == "~":
            return " "
        return "−" if c == "-" else c

    def _argument(self):
        """The next group or single character (a command counts as one), converted."""
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1
        if self.i >= len(self.s):
            return ""
        return self._one()

    def _group_text(self):
        """The raw text of the next ``{…}`` group (an environment's name)."""
        rest = self.s[self.i:].lstrip()
        if not rest.startswith("{"):
            return ""
        self.i = len(self.s) - len(rest) + 1
        end = self.s.find("}", self.i)
        end = len(self.s) if end < 0 else end
        name, self.i = self.s[self.i:end], end + 1
        return name

    def _command(self):
        s, start = self.s, self.i
        while self.i < len(s) and s[self.i].isalpha():
            self.i += 1
        name = s[start:self.i]
        if not name:                                   # \\ \, \{ \$ …
            if self.i >= len(s):
                return ""
            c = s[self.i]
            self.i += 1
            return {"\\": "; ", ",": " ", ";": " ", ":": " ", "!": "", " ": " "}.get(c, c)
        if name in ("frac", "dfrac", "tfrac"):
            top, bottom = self._argument(), self._argument()
            return f"{_wrapped(top)}/{_wrapped(bottom)}"
        if name == "sqrt":
            if s.startswith("[", self.i):
                end = s.find("]", self.i)
                self.i = len(s) if end < 0 else end + 1
            return "√" + _wrapped(self._argument())
        if name in ("begin", "end"):
            env = self._group_text()
            if name == "begin" and env == "array":
                self._group_text()                     # (the column spec)
            return ("[" if name == "begin" else "]") if env in _MATRICES else ""
        if name in _DROPPED:
            if name in ("left", "right") and s.startswith(".", self.i):
                self.i += 1
            return ""
        if name == "mathbb":
            inner = self._argument()
            return _BLACKBOARD.get(inner, inner)
        if name in _ACCENTS:
            inner = self._argument()
            return inner + _ACCENTS[name] if len(inner) == 1 else inner
        if name in _KEEP_ARGUMENT:
            return self._argument()
        found = SYMBOLS.get(name, name)
        if len(found) == 1 and (found.isalpha() or found in "∂∇"):
            while s.startswith(" ", self.i):            # (\alpha x is αx, as TeX sets it)
                self.i += 1
        return found


def _wrapped(text):
    """``text`` in brackets when it is more than one term (``a+b`` -> ``(a+b)``)."""
    text = text.strip()
    plain = not any(c in " +−-=,;<>±·×/" for c in text) or \
        (text[:1] in "([" and text[-1:] in ")]")
    return text if plain else f"({text})"


def _script(text, table, mark):
    """``text`` as superscript or subscript characters, or ``^(text)`` when Unicode has
    no such character for one of them."""
    text = text.strip()
    if text and all(c in table for c in text):
        return "".join(table[c] for c in text)
    return f"{mark}{text}" if len(text) <= 1 else f"{mark}({text})"

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>Actions</name>
    <message>
        <source>with {gradient} as the vector v of vᵀJ</source>
        <translation>con {gradient} como el vector v de vᵀJ</translation>
    </message>
    <message>
        <source>starting from 1 (a one-element tensor)</source>
        <translation>empezando por 1 (un tensor de un elemento)</translation>
    </message>
    <message>
        <source>It keeps the saved tensors (retain_graph=True).</source>
        <translation>Conserva los tensores guardados (retain_graph=True).</translation>
    </message>
    <message>
        <source>It frees the saved tensors as it goes: a second backward through them fails.</source>
        <translation>Libera los tensores guardados sobre la marcha: un segundo backward a través de ellos falla.</translation>
    </message>
    <message>
        <source>{name}.backward() runs the backward pass from {name}, {seed}: each grad_fn passes its gradient on, and every leaf that requires grad adds its part to its .grad.</source>
        <translation>{name}.backward() ejecuta el pase hacia atrás desde {name}, {seed}: cada grad_fn pasa su gradiente y cada hoja que requiere gradiente suma su parte a su .grad.</translation>
    </message>
    <message>
        <source>{name}.grad.zero_() sets every element of the gradient to 0, in place: the next backward adds to zeros instead of to this backward&apos;s gradient.</source>
        <translation>{name}.grad.zero_() pone a 0 cada elemento del gradiente, en el sitio: el siguiente backward suma a ceros en lugar de al gradiente de este backward.</translation>
    </message>
    <message>
        <source>{name}.grad = None drops the gradient: the next backward stores a fresh one instead of adding to it.</source>
        <translation>{name}.grad = None descarta el gradiente: el siguiente backward guarda uno nuevo en lugar de sumarle.</translation>
    </message>
    <message>
        <source>{name}.grad = {grad} makes {grad} the gradient of {name} (the same tensor, not a copy): the next backward adds to it.</source>
        <translation>{name}.grad = {grad} hace de {grad} el gradiente de {name} (el mismo tensor, no una copia): el siguiente backward le suma.</translation>
    </message>
    <message>
        <source>No hook has the handle {handle} here: give a hook node of the graph that handle&apos;s name.</source>
        <translation>Ningún hook tiene aquí el handle {handle}: dé a un nodo hook del grafo el nombre de ese handle.</translation>
    </message>
    <message>
        <source>{handle}.remove() removes the hook registered on {name}: later backward passes no longer call it.</source>
        <translation>{handle}.remove() quita el hook registrado en {name}: los backward posteriores ya no lo llaman.</translation>
    </message>
    <message>
        <source>Choose at least one output and one input.</source>
        <translation>Elige al menos una salida y una entrada.</translation>
    </message>
    <message>
        <source>torch.autograd.grad runs the backward pass from {outputs} and returns the gradients with respect to {inputs}, without touching any .grad.</source>
        <translation>torch.autograd.grad ejecuta el pase hacia atrás desde {outputs} y devuelve los gradientes respecto a {inputs}, sin tocar ningún .grad.</translation>
    </message>
    <message>
        <source>2-norm</source>
        <translation>norma 2</translation>
    </message>
    <message>
        <source>1-norm</source>
        <translation>norma 1</translation>
    </message>
    <message>
        <source>largest absolute value</source>
        <translation>mayor valor absoluto</translation>
    </message>
    <message>
        <source>Choose the tensors whose gradients this step clips.</source>
        <translation>Elige los tensores cuyos gradientes recorta este paso.</translation>
    </message>
    <message>
        <source>Scales the gradients of {tensors} together, in place, so that their {norm} (all of them as one vector) is at most {max_norm}; gradients already within it stay as they are.</source>
        <translation>Escala juntos los gradientes de {tensors}, en el sitio, para que su {norm} (todos como un solo vector) sea como mucho {max_norm}; los gradientes que ya están por debajo quedan como están.</translation>
    </message>
    <message>
        <source>Clamps every element of the gradients of {tensors} to [-{value}, {value}], in place.</source>
        <translation>Limita cada elemento de los gradientes de {tensors} a [-{value}, {value}], en el sitio.</translation>
    </message>
    <message>
        <source>Choose the tensors this step loads values into.</source>
        <translation>Elige los tensores en los que este paso carga valores.</translation>
    </message>
    <message>
        <source>Choose one source for each tensor this step loads values into.</source>
        <translation>Elige una fuente para cada tensor en el que este paso carga valores.</translation>
    </message>
    <message>
        <source>Copies, in place and outside the graph (torch.no_grad()), the values of {pairs}, as model.load_state_dict does: each keeps its own .grad and requires_grad.</source>
        <translation>Copia, en el sitio y fuera del grafo (torch.no_grad()), los valores de {pairs}, como hace model.load_state_dict: cada uno conserva su propio .grad y requires_grad.</translation>
    </message>
    <message>
        <source>{source} into {target}</source>
        <translation>{source} en {target}</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>multiplies the learning rate by gamma every step_size steps</source>
        <translation>multiplica la tasa de aprendizaje por gamma cada step_size pasos</translation>
    </message>
    <message>
        <source>multiplies the learning rate by gamma at each milestone</source>
        <translation>multiplica la tasa de aprendizaje por gamma en cada hito</translation>
    </message>
    <message>
        <source>multiplies the learning rate by gamma at every step</source>
        <translation>multiplica la tasa de aprendizaje por gamma en cada paso</translation>
    </message>
    <message>
        <source>lowers the learning rate along a cosine to eta_min over T_max steps</source>
        <translation>baja la tasa de aprendizaje siguiendo un coseno hasta eta_min en T_max pasos</translation>
    </message>
    <message>
        <source>lowers the learning rate along a cosine to eta_min, starting again after T_0 steps (then T_0 * T_mult)</source>
        <translation>baja la tasa de aprendizaje siguiendo un coseno hasta eta_min, y vuelve a empezar tras T_0 pasos (luego T_0 * T_mult)</translation>
    </message>
    <message>
        <source>scales the learning rate from start_factor to end_factor over total_iters steps</source>
        <translation>escala la tasa de aprendizaje de start_factor a end_factor en total_iters pasos</translation>
    </message>
    <message>
        <source>scales the learning rate by factor until total_iters steps have passed</source>
        <translation>escala la tasa de aprendizaje por factor hasta que pasan total_iters pasos</translation>
    </message>
    <message>
        <source>lowers the learning rate to zero over total_iters steps, by a polynomial of the given power</source>
        <translation>baja la tasa de aprendizaje a cero en total_iters pasos, según un polinomio de la potencia dada</translation>
    </message>
    <message>
        <source>multiplies the learning rate by factor when the metric it is given has not improved for patience steps</source>
        <translation>multiplica la tasa de aprendizaje por factor cuando la métrica que recibe no ha mejorado en patience pasos</translation>
    </message>
    <message>
        <source>sets the learning rate to the first one times lr_lambda of the number of steps taken</source>
        <translation>fija la tasa de aprendizaje en la primera por lr_lambda del número de pasos dados</translation>
    </message>
    <message>
        <source>multiplies the learning rate by lr_lambda of the number of steps taken</source>
        <translation>multiplica la tasa de aprendizaje por lr_lambda del número de pasos dados</translation>
    </message>
    <message>
        <source>raises the learning rate from max_lr / div_factor to max_lr over the first pct_start of total_steps steps, then lowers it to max_lr / div_factor / final_div_factor (and moves the momentum the other way)</source>
        <translation>sube la tasa de aprendizaje de max_lr / div_factor a max_lr durante la primera fracción pct_start de los total_steps pasos y luego la baja a max_lr / div_factor / final_div_factor (y mueve el momento en sentido contrario)</translation>
    </message>
    <message>
        <source>Makes torch.optim.lr_scheduler.{schedule} over {optimizer}: from here on each of its step() {rule}.</source>
        <translation>Crea torch.optim.lr_scheduler.{schedule} sobre {optimizer}: de aquí en adelante cada uno de sus step() {rule}.</translation>
    </message>
    <message>
        <source>This step holds the metric the script computed for {count} iterations, and this is iteration {at}: lower the loop&apos;s count, or give the step a tensor as its metric.</source>
        <translation>Este paso guarda la métrica que el script calculó para {count} iteraciones, y esta es la iteración {at}: reduce el número de iteraciones del bucle o da al paso un tensor como métrica.</translation>
    </message>
    <message>
        <source>ReduceLROnPlateau&apos;s step needs the metric it watches: choose a tensor (the loss) or give a number.</source>
        <translation>El step de ReduceLROnPlateau necesita la métrica que vigila: elige un tensor (la pérdida) o da un número.</translation>
    </message>
    <message>
        <source>Only ReduceLROnPlateau&apos;s step takes a metric: clear the metric and the value.</source>
        <translation>Solo el step de ReduceLROnPlateau toma una métrica: borra la métrica y el valor.</translation>
    </message>
    <message>
        <source>{scheduler}.step() sets the learning rate of its optimizer for the steps after it, by its schedule and the metric it is given.</source>
        <translation>{scheduler}.step() fija la tasa de aprendizaje de su optimizador para los pasos siguientes, según su calendario y la métrica que recibe.</translation>
    </message>
    <message>
        <source>{scheduler}.step() sets the learning rate of its optimizer for the steps after it, by its schedule.</source>
        <translation>{scheduler}.step() fija la tasa de aprendizaje de su optimizador para los pasos siguientes, según su calendario.</translation>
    </message>
    <message>
        <source>Prints {name} as it is at this moment.</source>
        <translation>Imprime {name} tal como está en este momento.</translation>
    </message>
    <message>
        <source>Computes {names} at this moment, from the tensors as they are now (and every node built on them that no later step computes).</source>
        <translation>Calcula {names} en este momento, a partir de los tensores tal como están ahora (y cada nodo construido sobre ellos que ningún paso posterior calcula).</translation>
    </message>
    <message>
        <source>Prints what the script printed here: {printed}</source>
        <translation>Imprime lo que el script imprimió aquí: {printed}</translation>
    </message>
    <message>
        <source>(text GradStudio recorded from the script, which edits do not change)</source>
        <translation>(texto que GradStudio grabó del script y que las ediciones no cambian)</translation>
    </message>
    <message>
        <source>Choose the tensors this update changes.</source>
        <translation>Elige los tensores que cambia esta actualización.</translation>
    </message>
    <message>
        <source>Give each tensor this update changes one velocity: {tensors} tensors, {velocities} velocities.</source>
        <translation>Dé a cada tensor que cambia esta actualización una velocidad: {tensors} tensores, {velocities} velocidades.</translation>
    </message>
    <message>
        <source>A velocity must be a tensor that does not require grad, of its tensor&apos;s shape and dtype.</source>
        <translation>Una velocidad debe ser un tensor que no requiera grad, con la forma y el dtype de su tensor.</translation>
    </message>
    <message>
        <source>A tensor this update changes has no gradient yet: run a backward pass first.</source>
        <translation>Un tensor que cambia esta actualización aún no tiene gradiente: ejecute primero una pasada hacia atrás.</translation>
    </message>
    <message>
        <source>Gradient descent with momentum by hand: each velocity of {velocities} is multiplied by {momentum} and its tensor&apos;s gradient added; then each of {tensors} moves {lr} times its velocity against it, in place, outside the graph.</source>
        <translation>Descenso de gradiente con momento a mano: cada velocidad de {velocities} se multiplica por {momentum} y se le suma el gradiente de su tensor; luego cada uno de {tensors} se mueve {lr} veces su velocidad en sentido contrario, en el sitio, fuera del grafo.</translation>
    </message>
    <message>
        <source>Gradient descent by hand: each of {tensors} moves {lr} times its gradient against it, in place, outside the graph (torch.no_grad()).</source>
        <translation>Descenso de gradiente a mano: cada uno de {tensors} se mueve {lr} veces su gradiente en contra de él, en el sitio, fuera del grafo (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Gradient descent by hand: each of {tensors} moves {lr} times its gradient against it, in place.</source>
        <translation>Descenso de gradiente a mano: cada uno de {tensors} se mueve {lr} veces su gradiente en contra de él, en el sitio.</translation>
    </message>
    <message>
        <source>Makes torch.optim.{algorithm} over {tensors}: its state (momentum, running averages) lives from this step on.</source>
        <translation>Crea torch.optim.{algorithm} sobre {tensors}: su estado (momento, medias móviles) vive a partir de este paso.</translation>
    </message>
    <message>
        <source>add_param_group adds one group: give its settings once.</source>
        <translation>add_param_group añade un grupo: da sus ajustes una sola vez.</translation>
    </message>
    <message>
        <source>{optimizer}.add_param_group() adds a parameter group of {tensors} to the optimizer: its step() moves them too from here on, by the group&apos;s settings ({settings}).</source>
        <translation>{optimizer}.add_param_group() añade al optimizador un grupo de parámetros de {tensors}: desde aquí su step() también los mueve, según los ajustes del grupo ({settings}).</translation>
    </message>
    <message>
        <source>{optimizer}.step() moves every parameter of the optimizer by its rule, from the gradients in their .grad.</source>
        <translation>{optimizer}.step() mueve cada parámetro del optimizador según su regla, a partir de los gradientes de su .grad.</translation>
    </message>
    <message>
        <source>{optimizer}.zero_grad() clears the gradient of each of its parameters (sets .grad to None) so that the next backward does not add to it.</source>
        <translation>{optimizer}.zero_grad() borra el gradiente de cada uno de sus parámetros (pone .grad a None) para que el siguiente backward no le sume.</translation>
    </message>
    <message>
        <source>{optimizer}.zero_grad() clears the gradient of each of its parameters (fills .grad with zeros) so that the next backward does not add to it.</source>
        <translation>{optimizer}.zero_grad() borra el gradiente de cada uno de sus parámetros (llena .grad de ceros) para que el siguiente backward no le sume.</translation>
    </message>
    <message>
        <source>Computes again every node after the parameters, from their values now: a new graph, as the next iteration of a training loop builds.</source>
        <translation>Calcula de nuevo cada nodo después de los parámetros, a partir de sus valores actuales: un grafo nuevo, como el que construye la siguiente iteración de un bucle de entrenamiento.</translation>
    </message>
    <message>
        <source>Repeats the steps up to its end {count} times.</source>
        <translation>Repite {count} veces los pasos hasta su final.</translation>
    </message>
    <message>
        <source>Splits the loop into epochs of {every} iterations: the steps above it run every iteration (for step in the epoch), the steps below it once at the end of each epoch, as a loop over a loader&apos;s batches inside a loop over epochs does.</source>
        <translation>Divide el bucle en épocas de {every} iteraciones: los pasos de encima se ejecutan en cada iteración (for step en la época), los de debajo una vez al final de cada época, como un bucle sobre los lotes de un loader dentro de un bucle sobre épocas.</translation>
    </message>
    <message>
        <source>The end of the steps the loop above repeats.</source>
        <translation>El final de los pasos que repite el bucle de arriba.</translation>
    </message>
    <message>
        <source>The optimizer has no parameter group {group}: it has {count} (numbered from 0).</source>
        <translation>El optimizador no tiene el grupo de parámetros {group}: tiene {count} (numerados desde 0).</translation>
    </message>
    <message>
        <source>parameter group {group} of {optimizer}</source>
        <translation>el grupo de parámetros {group} de {optimizer}</translation>
    </message>
    <message>
        <source>Sets the learning rate of {optimizer} to {lr} at iteration {at} of the loop (the loop variable&apos;s value), before its other steps: every step after it uses the new rate.</source>
        <translation>Fija la tasa de aprendizaje de {optimizer} en {lr} en la iteración {at} del bucle (el valor de la variable del bucle), antes de sus otros pasos: cada paso posterior usa la nueva tasa.</translation>
    </message>
    <message>
        <source>Sets the learning rate of {optimizer} to {lr}: every step after it uses the new rate.</source>
        <translation>Fija la tasa de aprendizaje de {optimizer} en {lr}: cada paso posterior usa la nueva tasa.</translation>
    </message>
    <message>
        <source>A {kind} action has no setting &apos;{name}&apos;.</source>
        <translation>Una acción {kind} no tiene el ajuste &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be true or false.</source>
        <translation>&apos;{name}&apos; debe ser true o false.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must name a node.</source>
        <translation>&apos;{name}&apos; debe nombrar un nodo.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must name an optimizer step of the timeline.</source>
        <translation>&apos;{name}&apos; debe nombrar un paso de optimizador de la línea de tiempo.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a list of nodes.</source>
        <translation>&apos;{name}&apos; debe ser una lista de nodos.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a finite number.</source>
        <translation>&apos;{name}&apos; debe ser un número finito.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a whole number from {low} to {MAX_COUNT:,}.</source>
        <translation>&apos;{name}&apos; debe ser un número entero de {low} a {MAX_COUNT:,}.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must list whole numbers from 0 to {MAX_COUNT:,}.</source>
        <translation>&apos;{name}&apos; debe enumerar números enteros de 0 a {MAX_COUNT:,}.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must list at most {MAX_COUNT:,} finite numbers.</source>
        <translation>&apos;{name}&apos; debe enumerar como mucho {MAX_COUNT:,} números finitos.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a text of at most {MAX_TEXT:,} characters.</source>
        <translation>&apos;{name}&apos; debe ser un texto de como mucho {MAX_TEXT:,} caracteres.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a line number.</source>
        <translation>&apos;{name}&apos; debe ser un número de línea.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be one of {value}.</source>
        <translation>&apos;{name}&apos; debe ser uno de {value}.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must list what is printed: tensors (by their place in &apos;tensors&apos;) and recorded texts.</source>
        <translation>&apos;{name}&apos; debe enumerar lo que se imprime: tensores (por su posición en &apos;tensors&apos;) y textos grabados.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; holds more than {MAX_SAID:,} characters of recorded text.</source>
        <translation>&apos;{name}&apos; contiene más de {MAX_SAID:,} caracteres de texto grabado.</translation>
    </message>
    <message>
        <source>A loop inside a loop is not supported: end the loop above before starting another.</source>
        <translation>Un bucle dentro de un bucle no está soportado: termina el bucle de arriba antes de empezar otro.</translation>
    </message>
    <message>
        <source>This &apos;end of loop&apos; closes no loop: add a loop before it.</source>
        <translation>Este «fin del bucle» no cierra ningún bucle: añade un bucle antes.</translation>
    </message>
    <message>
        <source>This loop has no end: add an &apos;end of loop&apos; after the steps it repeats.</source>
        <translation>Este bucle no tiene fin: añade un «fin del bucle» después de los pasos que repite.</translation>
    </message>
    <message>
        <source>This epoch&apos;s end is in no loop: move it inside a loop.</source>
        <translation>Este final de época no está en ningún bucle: muévelo dentro de un bucle.</translation>
    </message>
    <message>
        <source>A loop has one epoch&apos;s end: remove this one.</source>
        <translation>Un bucle tiene un solo final de época: elimina este.</translation>
    </message>
    <message>
        <source>The loop&apos;s count is not a whole number of epochs of this many steps: make it a multiple of the steps per epoch.</source>
        <translation>El número de iteraciones del bucle no es un número entero de épocas de tantos pasos: hazlo múltiplo de los pasos por época.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be the number of a parameter group, from 0, or none for every group.</source>
        <translation>&apos;{name}&apos; debe ser el número de un grupo de parámetros, desde 0, o vacío para todos los grupos.</translation>
    </message>
    <message>
        <source>{v} digits after the point</source>
        <translation>{v} decimales</translation>
    </message>
    <message>
        <source>every element of a tensor up to {v} elements (past that, the edges)</source>
        <translation>cada elemento de un tensor hasta {v} elementos (por encima, los bordes)</translation>
    </message>
    <message>
        <source>{v} elements at each edge of a summarised dimension</source>
        <translation>{v} elementos en cada borde de una dimensión resumida</translation>
    </message>
    <message>
        <source>lines of at most {v} characters</source>
        <translation>líneas de como mucho {v} caracteres</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a whole number of at least 0.</source>
        <translation>&apos;{name}&apos; debe ser un número entero de al menos 0.</translation>
    </message>
    <message>
        <source>the &apos;{profile}&apos; profile</source>
        <translation>el perfil &apos;{profile}&apos;</translation>
    </message>
    <message>
        <source>scientific notation always</source>
        <translation>notación científica siempre</translation>
    </message>
    <message>
        <source>scientific notation never</source>
        <translation>notación científica nunca</translation>
    </message>
    <message>
        <source>scientific notation chosen by the values</source>
        <translation>notación científica según los valores</translation>
    </message>
    <message>
        <source>Changes how every later print shows a tensor: {said}. The values themselves do not change.</source>
        <translation>Cambia cómo cada print posterior muestra un tensor: {said}. Los valores en sí no cambian.</translation>
    </message>
    <message>
        <source>&apos;groups&apos; must list the optimizer&apos;s parameter groups, each the number of tensors it takes (&apos;size&apos;, from 1) and the settings it gives itself (lr, momentum, nesterov, weight_decay and betas as two numbers, alpha and the rest of its algorithm&apos;s settings: numbers from 0).</source>
        <translation>&apos;groups&apos; debe enumerar los grupos de parámetros del optimizador, cada uno con el número de tensores que toma (&apos;size&apos;, desde 1) y los ajustes que se da a sí mismo (lr, momentum, nesterov, weight_decay y betas como dos números, alpha y los demás ajustes de su algoritmo: números desde 0).</translation>
    </message>
    <message>
        <source>The optimizer&apos;s parameter groups take {taken} tensors but it lists {listed}: make the groups&apos; sizes add up to the tensors it trains.</source>
        <translation>Los grupos de parámetros del optimizador toman {taken} tensores, pero enumera {listed}: haz que los tamaños de los grupos sumen los tensores que entrena.</translation>
    </message>
    <message>
        <source>Group {k} of the optimizer sets {key}, which torch.optim.{algorithm} does not take.</source>
        <translation>El grupo {k} del optimizador fija {key}, que torch.optim.{algorithm} no admite.</translation>
    </message>
    <message>
        <source>group {k}: {tensors}, {settings}</source>
        <translation>grupo {k}: {tensors}, {settings}</translation>
    </message>
    <message>
        <source>the optimizer&apos;s own settings</source>
        <translation>los ajustes del optimizador</translation>
    </message>
    <message>
        <source>Its parameters are in {count} groups, each with its own settings where it gives them:</source>
        <translation>Sus parámetros están en {count} grupos, cada uno con sus propios ajustes donde los da:</translation>
    </message>
    <message>
        <source>Choose the tensors this step changes.</source>
        <translation>Elija los tensores que cambia este paso.</translation>
    </message>
    <message>
        <source>clamp_ needs a lowest or a highest value.</source>
        <translation>clamp_ necesita un valor mínimo o máximo.</translation>
    </message>
    <message>
        <source>Limits every element of {tensors} to [{min}, {max}], in place, outside the graph (torch.no_grad()).</source>
        <translation>Limita cada elemento de {tensors} a [{min}, {max}], en el sitio, fuera del grafo (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Multiplies {tensors} by {value}, in place, outside the graph (torch.no_grad()): a weight decay written by hand.</source>
        <translation>Multiplica {tensors} por {value}, en el sitio, fuera del grafo (torch.no_grad()): un weight decay escrito a mano.</translation>
    </message>
    <message>
        <source>Adds {value} to every element of {tensors}, in place, outside the graph (torch.no_grad()).</source>
        <translation>Suma {value} a cada elemento de {tensors}, en el sitio, fuera del grafo (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Divides {tensors} by {value}, in place, outside the graph (torch.no_grad()).</source>
        <translation>Divide {tensors} entre {value}, en el sitio, fuera del grafo (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Limits every element of the gradients of {tensors} to [{min}, {max}], in place: a gradient clipping written by hand.</source>
        <translation>Limita cada elemento de los gradientes de {tensors} a [{min}, {max}], en el sitio: un recorte de gradientes escrito a mano.</translation>
    </message>
</context>
<context>
    <name>AnswerCover</name>
    <message>
        <source>Hidden until you check: this panel would show answers of the open exercise. Check your predictions in the Exercise panel first (a wrong one offers the step-through as a hint).</source>
        <translation>Oculto hasta que compruebes: este panel mostraría respuestas del ejercicio abierto. Comprueba primero tus predicciones en el panel Ejercicio (una incorrecta ofrece el paso a paso como pista).</translation>
    </message>
</context>
<context>
    <name>AutogradItems</name>
    <message>
        <source>→ (a leaf)</source>
        <translation>→ (una hoja)</translation>
    </message>
    <message>
        <source>of {names}</source>
        <translation>de {names}</translation>
    </message>
    <message>
        <source>(intermediate)</source>
        <translation>(intermedio)</translation>
    </message>
    <message>
        <source>the same tensor as {names}</source>
        <translation>el mismo tensor que {names}</translation>
    </message>
    <message>
        <source>saved for backward: {names}</source>
        <translation>guardados para backward: {names}</translation>
    </message>
    <message>
        <source> (freed by backward: pass retain_graph=True to keep them)</source>
        <translation> (liberados por backward: pasa retain_graph=True para conservarlos)</translation>
    </message>
    <message>
        <source>saved {name}</source>
        <translation>guard. {name}</translation>
    </message>
    <message>
        <source>  (freed)</source>
        <translation>  (libre)</translation>
    </message>
    <message>
        <source>next_functions[{nr}]: the gradient for input {nr} of {source} flows on to {target}</source>
        <translation>next_functions[{nr}]: el gradiente para la entrada {nr} de {source} sigue hacia {target}</translation>
    </message>
</context>
<context>
    <name>AutogradView</name>
    <message>
        <source>received {name} = {value}</source>
        <translation>recibió {name} = {value}</translation>
    </message>
    <message>
        <source>
sent [{nr}] {name}: {value}</source>
        <translation>
envió [{nr}] {name}: {value}</translation>
    </message>
    <message>
        <source>
.grad after: {after}</source>
        <translation>
.grad después: {after}</translation>
    </message>
    <message>
        <source>step {k} of {n}: &lt;b&gt;{name}&lt;/b&gt; ran</source>
        <translation>paso {k} de {n}: se ejecutó &lt;b&gt;{name}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>before the first step</source>
        <translation>antes del primer paso</translation>
    </message>
    <message>
        <source>Stepping through &lt;b&gt;{title}&lt;/b&gt;, {now}. Arrows carry the gradients sent so far; greyed buffers are freed.</source>
        <translation>Recorriendo &lt;b&gt;{title}&lt;/b&gt;, {now}. Las flechas llevan los gradientes enviados hasta ahora; los búferes en gris están liberados.</translation>
    </message>
    <message>
        <source>Backward graph of &lt;b&gt;{name}&lt;/b&gt;.grad_fn</source>
        <translation>Grafo backward de &lt;b&gt;{name}&lt;/b&gt;.grad_fn</translation>
    </message>
    <message>
        <source> (the first backward&apos;s target: select a node to see its own)</source>
        <translation> (el objetivo del primer backward: selecciona un nodo para ver el suyo)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Drawn: the {drawn} grad_fns nearest to it, of {total:,}. Select a node further back on the canvas to see the graph from there.</source>
        <translation>&lt;br&gt;Dibujadas: las {drawn} grad_fns más cercanas, de {total:,}. Selecciona un nodo más atrás en el lienzo para ver el grafo desde allí.</translation>
    </message>
    <message>
        <source>step {i} ({action})</source>
        <translation>paso {i} ({action})</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>paso {step}</translation>
    </message>
    <message>
        <source>Greyed, struck-through buffers were freed by {by}: pass retain_graph=True there to backward through this graph again.</source>
        <translation>Los búferes en gris y tachados los liberó {by}: pasa retain_graph=True allí para volver a hacer backward por este grafo.</translation>
    </message>
    <message>
        <source>{count} more, not drawn</source>
        <translation>{count} más, sin dibujar</translation>
    </message>
    <message>
        <source>next_functions leading further back than this view draws: select a node further back on the canvas to see its graph</source>
        <translation>next_functions que llevan más atrás de lo que dibuja esta vista: selecciona un nodo más atrás en el lienzo para ver su grafo</translation>
    </message>
    <message>
        <source>Select a node computed from tensors that require grad to see its backward graph: the grad_fn objects PyTorch recorded and the next_functions that link them.</source>
        <translation>Selecciona un nodo calculado a partir de tensores que requieren gradiente para ver su grafo backward: los objetos grad_fn que registró PyTorch y las next_functions que los enlazan.</translation>
    </message>
    <message>
        <source>arrows: next_functions, the way gradients flow</source>
        <translation>flechas: next_functions, el camino por el que fluyen los gradientes</translation>
    </message>
    <message>
        <source>
[i]: the entry&apos;s index in next_functions</source>
        <translation>
[i]: el índice de la entrada en next_functions</translation>
    </message>
</context>
<context>
    <name>BusyStatus</name>
    <message>
        <source>Running the graph… the views show the previous run until it is done.</source>
        <translation>Ejecutando el grafo… las vistas muestran la ejecución anterior hasta que termine.</translation>
    </message>
</context>
<context>
    <name>Canvas</name>
    <message>
        <source>An empty graph: press Tab to add a node, or open File&#xa0;▸&#xa0;Examples.</source>
        <translation>Un grafo vacío: pulsa Tab para añadir un nodo, o abre Archivo&#xa0;▸&#xa0;Ejemplos.</translation>
    </message>
    <message>
        <source>An empty graph. Double-click a kind in the Palette, drag it here, or press Tab for quick add; then drag from an output port to an input port to connect them. File ▸ Examples has the autograd tutorial.</source>
        <translation>Un grafo vacío. Haz doble clic en un tipo de la Paleta, arrástralo aquí o pulsa Tab para añadir rápido; luego arrastra de un puerto de salida a uno de entrada para conectarlos. Archivo ▸ Ejemplos tiene el tutorial de autograd.</translation>
    </message>
    <message>
        <source>Insert detach after {v}</source>
        <translation>Insertar detach después de {v}</translation>
    </message>
    <message>
        <source>GradStudio graph</source>
        <translation>Grafo de GradStudio</translation>
    </message>
    <message>
        <source>{count} nodes</source>
        <translation>{count} nodos</translation>
    </message>
    <message>
        <source>Release to move {who} between no_grad regions</source>
        <translation>Suelta para mover {who} entre regiones no_grad</translation>
    </message>
    <message>
        <source>Move {who} between no_grad regions</source>
        <translation>Mover {who} entre regiones no_grad</translation>
    </message>
    <message>
        <source>Release to add {who} to no_grad</source>
        <translation>Suelta para añadir {who} a no_grad</translation>
    </message>
    <message>
        <source>Move {who} into no_grad</source>
        <translation>Mover {who} dentro de no_grad</translation>
    </message>
    <message>
        <source>Release to take {who} out of no_grad</source>
        <translation>Suelta para sacar {who} de no_grad</translation>
    </message>
    <message>
        <source>Move {who} out of no_grad</source>
        <translation>Sacar {who} de no_grad</translation>
    </message>
    <message>
        <source>Connect output {k} of {name}</source>
        <translation>Conectar la salida {k} de {name}</translation>
    </message>
</context>
<context>
    <name>Card</name>
    <message>
        <source>recorded · line {line}</source>
        <translation>grabado · línea {line}</translation>
    </message>
</context>
<context>
    <name>Catalogue</name>
    <message>
        <source>A hook run after the gradient is accumulated returns nothing: write what it prints, print(grad).</source>
        <translation>Un hook que se ejecuta después de acumular el gradiente no devuelve nada: escriba lo que imprime, print(grad).</translation>
    </message>
    <message>
        <source>The list {into} holds no value {call} here: its hook keeps one at each backward that reaches it. Compute this node at a step after that backward (timeline: Add ▸ compute nodes here).</source>
        <translation>La lista {into} no tiene aquí ningún valor {call}: su hook guarda uno en cada backward que lo alcanza. Calcule este nodo en un paso después de ese backward (línea de tiempo: Añadir ▸ calcular nodos aquí).</translation>
    </message>
    <message>
        <source>The hook keeps numbers in {into}, not tensors: there is no tensor to show.</source>
        <translation>El hook guarda números en {into}, no tensores: no hay ningún tensor que mostrar.</translation>
    </message>
    <message>
        <source>Its .grad is None here: no backward has given this tensor a gradient yet{why}. Compute it at a step after a backward (timeline: Add ▸ compute nodes here).</source>
        <translation>Su .grad es None aquí: ningún backward ha dado todavía un gradiente a este tensor{why}. Calcúlalo en un paso posterior a un backward (línea de tiempo: Añadir ▸ compute nodes here).</translation>
    </message>
    <message>
        <source>test_fraction is from 0 to {MAX_TEST_FRACTION}: set it within that.</source>
        <translation>test_fraction va de 0 a {MAX_TEST_FRACTION}: ponlo dentro de ese rango.</translation>
    </message>
    <message>
        <source>A test fraction of {fraction} of {rows} points leaves {test} test and {rows2} training points: choose a fraction that leaves some of each.</source>
        <translation>Una fracción de prueba de {fraction} de {rows} puntos deja {test} puntos de prueba y {rows2} de entrenamiento: elige una fracción que deje algunos de cada.</translation>
    </message>
    <message>
        <source>A dataset has from 1 to {MAX_POINTS:,} points: set n within that.</source>
        <translation>Un conjunto de datos tiene de 1 a {MAX_POINTS:,} puntos: pon n dentro de ese rango.</translation>
    </message>
    <message>
        <source>A dataset has from 1 to 64 blobs: set centers within that.</source>
        <translation>Un conjunto de datos tiene de 1 a 64 nubes: pon centers dentro de ese rango.</translation>
    </message>
    <message>
        <source>Imported data is a table of rows of at least two numbers (the features, then the label).</source>
        <translation>Los datos importados son una tabla de filas de al menos dos números (las características y luego la etiqueta).</translation>
    </message>
    <message>
        <source>A loader needs from 1 to {most:,} rows and a batch size of at least 1.</source>
        <translation>Un loader necesita de 1 a {most:,} filas y un tamaño de lote de al menos 1.</translation>
    </message>
    <message>
        <source>A SubsetRandomSampler draws its rows in a new order every epoch: turn shuffle on, or choose the DataLoader source.</source>
        <translation>Un SubsetRandomSampler extrae sus filas en un orden nuevo en cada época: activa shuffle o elige la fuente DataLoader.</translation>
    </message>
    <message>
        <source>With drop_last and a batch larger than the rows, the loader has no batch at all: lower the batch size.</source>
        <translation>Con drop_last y un lote mayor que las filas, el loader no tiene ningún lote: reduzca el tamaño del lote.</translation>
    </message>
    <message>
        <source>A Function&apos;s numbers are a flat list of at most 8 numbers, such as [0.5, 2].</source>
        <translation>Los números de una Function son una lista plana de como mucho 8 números, como [0.5, 2].</translation>
    </message>
    <message>
        <source>{name}&apos;s forward takes {n} inputs ({names}) but the node has {count} and {k} numbers: set its number of inputs to {left}.</source>
        <translation>El forward de {name} toma {n} entradas ({names}) pero el nodo tiene {count} y {k} números: pon su número de entradas en {left}.</translation>
    </message>
    <message>
        <source>{name}: {why}.</source>
        <translation>{name}: {why}.</translation>
    </message>
    <message>
        <source>{name}&apos;s forward did not return {n} outputs.</source>
        <translation>El forward de {name} no devolvió {n} salidas.</translation>
    </message>
    <message>
        <source>A Function output takes a custom Function of several outputs on its port.</source>
        <translation>Una salida de Function toma en su puerto una Function propia de varias salidas.</translation>
    </message>
    <message>
        <source>A collect node keeps its tensor as item, float or detach.</source>
        <translation>Un nodo collect guarda su tensor como item, float o detach.</translation>
    </message>
    <message>
        <source>Only a tensor of one element can be collected as a number ({form}); this one has {count} elements. Collect it with detach.</source>
        <translation>Solo un tensor de un elemento se puede recoger como número ({form}); este tiene {count} elementos. Recógelo con detach.</translation>
    </message>
    <message>
        <source>The list {into} holds nothing yet here: a collect node appends to it each time it is computed. Compute this node at a step after the loop that collects (timeline: Add ▸ compute nodes here).</source>
        <translation>La lista {into} aún no contiene nada aquí: un nodo collect le añade un valor cada vez que se calcula. Calcula este nodo en un paso después del bucle que recoge (línea de tiempo: Añadir ▸ calcular nodos aquí).</translation>
    </message>
    <message>
        <source>The list {into} holds numbers, not tensors: make its tensor with torch.tensor, not torch.stack.</source>
        <translation>La lista {into} contiene números, no tensores: haz su tensor con torch.tensor, no con torch.stack.</translation>
    </message>
    <message>
        <source>The list {into} holds tensors, not numbers: make its tensor with torch.stack, not torch.tensor.</source>
        <translation>La lista {into} contiene tensores, no números: haz su tensor con torch.stack, no con torch.tensor.</translation>
    </message>
    <message>
        <source>nothing collected yet</source>
        <translation>aún no se ha recogido nada</translation>
    </message>
    <message>
        <source>{count} values: {first} … {last}</source>
        <translation>{count} valores: {first} … {last}</translation>
    </message>
    <message>
        <source>{into} at the end of the run: {summary}</source>
        <translation>{into} al final de la ejecución: {summary}</translation>
    </message>
</context>
<context>
    <name>Classroom</name>
    <message>
        <source>Exercise</source>
        <translation>Ejercicio</translation>
    </message>
    <message>
        <source>Exercise panel: predict, then check</source>
        <translation>Panel de ejercicio: predice y luego comprueba</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>Comparar ejecuciones</translation>
    </message>
    <message>
        <source>Graph as a List</source>
        <translation>Grafo como lista</translation>
    </message>
    <message>
        <source>Graph as a list, for screen readers</source>
        <translation>Grafo como lista, para lectores de pantalla</translation>
    </message>
    <message>
        <source>Add &amp;Note…</source>
        <translation>Añadir &amp;nota…</translation>
    </message>
    <message>
        <source>Add a Markdown note on the canvas, pinned to the selected node (or free); double-click a note to edit it</source>
        <translation>Añadir una nota Markdown en el lienzo, fijada al nodo seleccionado (o libre); doble clic en una nota para editarla</translation>
    </message>
    <message>
        <source>&amp;Connect Output To…</source>
        <translation>&amp;Conectar la salida a…</translation>
    </message>
    <message>
        <source>Connect the selected node&apos;s output to an input chosen from a list (the keyboard&apos;s drag)</source>
        <translation>Conectar la salida del nodo seleccionado a una entrada elegida de una lista (el arrastre del teclado)</translation>
    </message>
    <message>
        <source>Put the Keyboard on the &amp;Canvas</source>
        <translation>Llevar el teclado al &amp;lienzo</translation>
    </message>
    <message>
        <source>Moves the keyboard focus to the canvas, from any panel</source>
        <translation>Lleva el foco del teclado al lienzo, desde cualquier panel</translation>
    </message>
    <message>
        <source>Put the Keyboard on the &amp;Exercise</source>
        <translation>Llevar el teclado al &amp;ejercicio</translation>
    </message>
    <message>
        <source>Moves the keyboard to the first question of the exercise not yet answered right</source>
        <translation>Lleva el teclado a la primera pregunta del ejercicio aún no respondida correctamente</translation>
    </message>
</context>
<context>
    <name>CodeView</name>
    <message>
        <source>Export to PyTorch is not available in this build yet, so there is no code to show.</source>
        <translation>La exportación a PyTorch aún no está disponible en esta versión, así que no hay código que mostrar.</translation>
    </message>
    <message>
        <source>This graph has {nodes:,} nodes, too many to show its PyTorch code here; File ▸ Export to PyTorch writes it whole.</source>
        <translation>Este grafo tiene {nodes:,} nodos, demasiados para mostrar aquí su código PyTorch; Archivo ▸ Exportar a PyTorch lo escribe entero.</translation>
    </message>
    <message>
        <source>The document could not be written as PyTorch code: {exc}</source>
        <translation>El documento no se pudo escribir como código PyTorch: {exc}</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>Add {article} {kind} node</source>
        <translation>Añadir un nodo {kind}</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Delete {v}</source>
        <translation>Eliminar {v}</translation>
    </message>
    <message>
        <source>Connect {v} → {v2}.{port}</source>
        <translation>Conectar {v} → {v2}.{port}</translation>
    </message>
    <message>
        <source>Disconnect {v}.{port}</source>
        <translation>Desconectar {v}.{port}</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Mover</translation>
    </message>
    <message>
        <source>Wrap in no_grad</source>
        <translation>Envolver en no_grad</translation>
    </message>
    <message>
        <source>Remove no_grad region</source>
        <translation>Quitar la región no_grad</translation>
    </message>
    <message>
        <source>Remove action</source>
        <translation>Quitar la acción</translation>
    </message>
    <message>
        <source>Keep the live run</source>
        <translation>Conservar la ejecución en vivo</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Pegar</translation>
    </message>
</context>
<context>
    <name>ComparePanel</name>
    <message>
        <source>Keep This Run</source>
        <translation>Guardar esta ejecución</translation>
    </message>
    <message>
        <source>Keep the values, gradients and grad_fns shown now, to compare with after your edits.</source>
        <translation>Guardar los valores, gradientes y grad_fns que se ven ahora, para comparar después de tus cambios.</translation>
    </message>
    <message>
        <source>Forget It</source>
        <translation>Olvidarla</translation>
    </message>
    <message>
        <source>Keep a run, then edit the graph: what changed is listed here and ringed on the canvas.</source>
        <translation>Guarda una ejecución y luego edita el grafo: lo que cambió aparece aquí y se marca con un círculo en el lienzo.</translation>
    </message>
    <message>
        <source>What changed since the kept run</source>
        <translation>Lo que cambió desde la ejecución guardada</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>el final</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>paso {step}</translation>
    </message>
    <message>
        <source>kept at {step}</source>
        <translation>guardada en {step}</translation>
    </message>
    <message>
        <source>Since the run {label}: </source>
        <translation>Desde la ejecución {label}: </translation>
    </message>
    <message>
        <source>{n} changes.</source>
        <translation>{n} cambios.</translation>
    </message>
    <message>
        <source>{n} change.</source>
        <translation>{n} cambio.</translation>
    </message>
    <message>
        <source>nothing changed.</source>
        <translation>nada cambió.</translation>
    </message>
</context>
<context>
    <name>ContextMenu</name>
    <message>
        <source>Add node here…</source>
        <translation>Añadir un nodo aquí…</translation>
    </message>
    <message>
        <source>Keep .grad: {name}.retain_grad()</source>
        <translation>Conservar .grad: {name}.retain_grad()</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renombrar…</translation>
    </message>
    <message>
        <source>Give the node a name (its variable in the code)</source>
        <translation>Dar un nombre al nodo (su variable en el código)</translation>
    </message>
    <message>
        <source>Wrap {name} in no_grad</source>
        <translation>Envolver {name} en no_grad</translation>
    </message>
    <message>
        <source>Evaluate these nodes inside torch.no_grad()</source>
        <translation>Evaluar estos nodos dentro de torch.no_grad()</translation>
    </message>
    <message>
        <source>Remove from no_grad region</source>
        <translation>Sacar de la región no_grad</translation>
    </message>
    <message>
        <source>Evaluate these nodes with gradients tracked again</source>
        <translation>Evaluar estos nodos de nuevo con seguimiento de gradientes</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Delete {name}</source>
        <translation>Eliminar {name}</translation>
    </message>
    <message>
        <source>{name}.backward()</source>
        <translation>{name}.backward()</translation>
    </message>
    <message>
        <source>Append {name}.backward() to the timeline</source>
        <translation>Añadir {name}.backward() a la línea de tiempo</translation>
    </message>
    <message>
        <source>Insert detach() after {name}</source>
        <translation>Insertar detach() después de {name}</translation>
    </message>
    <message>
        <source>Cut the graph: what uses it gets a detached copy</source>
        <translation>Cortar el grafo: lo que lo usa recibe una copia separada</translation>
    </message>
    <message>
        <source>requires_grad: {name}</source>
        <translation>requires_grad: {name}</translation>
    </message>
    <message>
        <source>Track operations on this leaf for autograd</source>
        <translation>Seguir las operaciones sobre esta hoja para autograd</translation>
    </message>
    <message>
        <source>Remove no_grad region</source>
        <translation>Quitar la región no_grad</translation>
    </message>
    <message>
        <source>Its nodes stay and are evaluated with gradients tracked again</source>
        <translation>Sus nodos se quedan y se evalúan de nuevo con seguimiento de gradientes</translation>
    </message>
    <message>
        <source>Select its nodes</source>
        <translation>Seleccionar sus nodos</translation>
    </message>
</context>
<context>
    <name>DataDock</name>
    <message>
        <source>Data</source>
        <translation>Datos</translation>
    </message>
</context>
<context>
    <name>DataFile</name>
    <message>
        <source>The file has more rows than GradStudio reads (at most {most}): only its first {rows} rows are imported.</source>
        <translation>El archivo tiene más filas de las que GradStudio lee (como mucho {most}): solo se importan sus primeras {rows} filas.</translation>
    </message>
    <message>
        <source>{value} is empty: there is nothing to import.</source>
        <translation>{value} está vacío: no hay nada que importar.</translation>
    </message>
    <message>
        <source>The file has {count} columns; GradStudio imports at most {MAX_COLUMNS}.</source>
        <translation>El archivo tiene {count} columnas; GradStudio importa como mucho {MAX_COLUMNS}.</translation>
    </message>
    <message>
        <source>{value} is not a text file (it holds bytes that are not UTF-8 text): import a CSV or .npy file.</source>
        <translation>{value} no es un archivo de texto (contiene bytes que no son texto UTF-8): importa un archivo CSV o .npy.</translation>
    </message>
    <message>
        <source>{value} is a binary file, not CSV text: import a CSV or .npy file.</source>
        <translation>{value} es un archivo binario, no texto CSV: importa un archivo CSV o .npy.</translation>
    </message>
    <message>
        <source>{value} has a line longer than {MAX_LINE:,} characters: this is not a table GradStudio can import.</source>
        <translation>{value} tiene una línea de más de {MAX_LINE:,} caracteres: no es una tabla que GradStudio pueda importar.</translation>
    </message>
    <message>
        <source>Line {line_num} cannot be read as delimited text ({e}): check the file.</source>
        <translation>La línea {line_num} no se puede leer como texto delimitado ({e}): revisa el archivo.</translation>
    </message>
    <message>
        <source>{value} has {count} columns; GradStudio imports at most {MAX_COLUMNS}.</source>
        <translation>{value} tiene {count} columnas; GradStudio importa como mucho {MAX_COLUMNS}.</translation>
    </message>
    <message>
        <source>{value} has no rows of data below its header: there is nothing to import.</source>
        <translation>{value} no tiene filas de datos bajo su cabecera: no hay nada que importar.</translation>
    </message>
    <message>
        <source>{name} could not be read as a table of numbers: check the delimiter and the header.</source>
        <translation>{name} no se pudo leer como una tabla de números: revisa el delimitador y la cabecera.</translation>
    </message>
    <message>
        <source>Row {i}, column {j} of {value} is {what}: fill it with a number or remove that row.</source>
        <translation>La fila {i}, columna {j} de {value} es {what}: rellénala con un número o quita esa fila.</translation>
    </message>
    <message>
        <source>{value} could not be opened ({value2}): check the file and try again.</source>
        <translation>{value} no se pudo abrir ({value2}): revisa el archivo y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>{value} is not a NumPy .npy file: import a .npy file saved by numpy.save, or a CSV file.</source>
        <translation>{value} no es un archivo .npy de NumPy: importa un archivo .npy guardado con numpy.save, o un archivo CSV.</translation>
    </message>
    <message>
        <source>{value} holds Python objects (a pickled array), which GradStudio never loads: save it as an array of numbers.</source>
        <translation>{value} contiene objetos de Python (un array serializado con pickle), que GradStudio nunca carga: guárdalo como un array de números.</translation>
    </message>
    <message>
        <source>{value} holds {dtype} values, not numbers: save it as an array of numbers (float or int).</source>
        <translation>{value} contiene valores {dtype}, no números: guárdalo como un array de números (float o int).</translation>
    </message>
    <message>
        <source>{value} holds an array of {count} dimensions; GradStudio imports a table: one row per point (2 dimensions).</source>
        <translation>{value} contiene un array de {count} dimensiones; GradStudio importa una tabla: una fila por punto (2 dimensiones).</translation>
    </message>
    <message>
        <source>{name} could not be read as a .npy file ({error}): check the file.</source>
        <translation>{name} no se pudo leer como archivo .npy ({error}): revisa el archivo.</translation>
    </message>
    <message>
        <source>{value} has {shape} columns; GradStudio imports at most {MAX_COLUMNS}.</source>
        <translation>{value} tiene {shape} columnas; GradStudio importa como mucho {MAX_COLUMNS}.</translation>
    </message>
    <message>
        <source>{value} has no rows: there is nothing to import.</source>
        <translation>{value} no tiene filas: no hay nada que importar.</translation>
    </message>
    <message>
        <source>unknown .npy version {version}</source>
        <translation>versión de .npy desconocida {version}</translation>
    </message>
    <message>
        <source>{value} is not a file: choose a CSV or .npy file.</source>
        <translation>{value} no es un archivo: elige un archivo CSV o .npy.</translation>
    </message>
    <message>
        <source>Choose at least one feature column besides the label.</source>
        <translation>Elige al menos una columna de características además de la etiqueta.</translation>
    </message>
    <message>
        <source>{rows:,} rows of {count} columns are {count2:,} numbers; a data node holds at most {MAX_ELEMENTS:,}: choose fewer columns.</source>
        <translation>{rows:,} filas de {count} columnas son {count2:,} números; un nodo de datos contiene como mucho {MAX_ELEMENTS:,}: elige menos columnas.</translation>
    </message>
    <message>
        <source>With these {shape:,} rows the graph file would hold about {size:.0f} MB, more than the {MAX_BYTES} MB a graph file may: choose fewer columns, or remove other imported data first.</source>
        <translation>Con estas {shape:,} filas el archivo del grafo ocuparía unos {size:.0f} MB, más de los {MAX_BYTES} MB que puede ocupar: elige menos columnas o quita antes otros datos importados.</translation>
    </message>
</context>
<context>
    <name>DataPanel</name>
    <message>
        <source>No data to show: the Data panel shows a model trained on points, such as File ▸ Examples ▸ Playground.</source>
        <translation>No hay datos que mostrar: el panel Datos muestra un modelo entrenado sobre puntos, como Archivo ▸ Ejemplos ▸ Zona de juegos.</translation>
    </message>
    <message>
        <source>Replay the boundary&apos;s history: the loop&apos;s iterations one after another, from the first (click again to stop).</source>
        <translation>Volver a reproducir la historia de la frontera: las iteraciones del bucle una tras otra, desde la primera (haz clic otra vez para parar).</translation>
    </message>
    <message>
        <source>Replay the boundary&apos;s history</source>
        <translation>Volver a reproducir la historia de la frontera</translation>
    </message>
    <message>
        <source>train: {scores}</source>
        <translation>entrenamiento: {scores}</translation>
    </message>
    <message>
        <source>test (hollow): {scores}</source>
        <translation>prueba (huecos): {scores}</translation>
    </message>
    <message>
        <source>iteration {v} of {count}</source>
        <translation>iteración {v} de {count}</translation>
    </message>
    <message>
        <source>accuracy {v:.1f} % ({n} of {v2} wrong)</source>
        <translation>precisión {v:.1f} % ({n} de {v2} incorrectos)</translation>
    </message>
</context>
<context>
    <name>DataView</name>
    <message>
        <source>No training loop yet: the Data panel shows a model trained on points by a loop (File ▸ Examples ▸ Playground, or Add ▸ Train… in the timeline).</source>
        <translation>Aún no hay bucle de entrenamiento: el panel Datos muestra un modelo entrenado sobre puntos por un bucle (Archivo ▸ Ejemplos ▸ Zona de juegos, o Añadir ▸ Entrenar… en la línea de tiempo).</translation>
    </message>
    <message>
        <source>The loop has no backward pass: add loss.backward() to it.</source>
        <translation>El bucle no tiene pase hacia atrás: añádele loss.backward().</translation>
    </message>
    <message>
        <source>The model could not be computed over the input plane: {error}</source>
        <translation>No se pudo calcular el modelo sobre el plano de entrada: {error}</translation>
    </message>
    <message>
        <source>This program has no data to show: add a dataset from the palette&apos;s Datasets or File ▸ Import Data…, and train on it with a loss node such as mse_loss; or open File ▸ Examples ▸ Playground.</source>
        <translation>Este programa no tiene datos que mostrar: añade un conjunto de datos desde los Conjuntos de datos de la paleta o con Archivo ▸ Importar datos…, y entrena con él usando un nodo de pérdida como mse_loss; o abre Archivo ▸ Ejemplos ▸ Zona de juegos.</translation>
    </message>
    <message>
        <source>{name}, which the loop&apos;s backward() starts from, is not a loss node with a target (mse_loss, binary_cross_entropy, cross_entropy …): compute it with one, so the Data panel can tell the model&apos;s output from the targets.</source>
        <translation>{name}, desde donde empieza el backward() del bucle, no es un nodo de pérdida con objetivo (mse_loss, binary_cross_entropy, cross_entropy …): calcúlalo con uno, para que el panel Datos distinga la salida del modelo de los objetivos.</translation>
    </message>
    <message>
        <source>The model&apos;s output or the targets could not be computed: see the node in red.</source>
        <translation>La salida del modelo o los objetivos no se pudieron calcular: mira el nodo en rojo.</translation>
    </message>
    <message>
        <source>The Data panel shows models of one or two inputs: no tensor of one or two columns, one row per point, feeds the model&apos;s output.</source>
        <translation>El panel Datos muestra modelos de una o dos entradas: ningún tensor de una o dos columnas, una fila por punto, alimenta la salida del modelo.</translation>
    </message>
    <message>
        <source>{names} has no value at this step.</source>
        <translation>{names} no tiene valor en este paso.</translation>
    </message>
    <message>
        <source>The test points could not be computed: {error}</source>
        <translation>No se pudieron calcular los puntos de prueba: {error}</translation>
    </message>
    <message>
        <source>The model&apos;s inputs or targets are not made from the data node&apos;s rows alone, so its test rows cannot be shown.</source>
        <translation>Las entradas o los objetivos del modelo no se obtienen solo de las filas del nodo de datos, así que sus filas de prueba no se pueden mostrar.</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <source>change the learning rate</source>
        <translation>cambiar la tasa de aprendizaje</translation>
    </message>
    <message>
        <source>comma</source>
        <translation>coma</translation>
    </message>
    <message>
        <source>semicolon</source>
        <translation>punto y coma</translation>
    </message>
    <message>
        <source>tab</source>
        <translation>tabulador</translation>
    </message>
    <message>
        <source>space</source>
        <translation>espacio</translation>
    </message>
    <message>
        <source>bar</source>
        <translation>barra vertical</translation>
    </message>
    <message>
        <source>clip the gradients&apos; norm</source>
        <translation>recortar la norma de los gradientes</translation>
    </message>
    <message>
        <source>clip the gradients&apos; values</source>
        <translation>recortar los valores de los gradientes</translation>
    </message>
    <message>
        <source>load values into tensors (load_state_dict)</source>
        <translation>cargar valores en tensores (load_state_dict)</translation>
    </message>
    <message>
        <source>make a learning-rate scheduler</source>
        <translation>crear un planificador de la tasa de aprendizaje</translation>
    </message>
    <message>
        <source>scheduler.step()</source>
        <translation>scheduler.step()</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Fuentes</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Activación</translation>
    </message>
    <message>
        <source>Arithmetic</source>
        <translation>Aritmética</translation>
    </message>
    <message>
        <source>Elementwise</source>
        <translation>Elemento a elemento</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>Reducción</translation>
    </message>
    <message>
        <source>Linear algebra</source>
        <translation>Álgebra lineal</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Forma</translation>
    </message>
    <message>
        <source>Autograd</source>
        <translation>Autograd</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Comparación</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Pérdida</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>Normalización</translation>
    </message>
    <message>
        <source>Convolution</source>
        <translation>Convolución</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>Conjuntos de datos</translation>
    </message>
    <message>
        <source>backward()</source>
        <translation>backward()</translation>
    </message>
    <message>
        <source>grad.zero_()</source>
        <translation>grad.zero_()</translation>
    </message>
    <message>
        <source>set grad to None</source>
        <translation>poner grad a None</translation>
    </message>
    <message>
        <source>set grad</source>
        <translation>asignar grad</translation>
    </message>
    <message>
        <source>torch.autograd.grad()</source>
        <translation>torch.autograd.grad()</translation>
    </message>
    <message>
        <source>update: p -= lr * p.grad</source>
        <translation>actualización: p -= lr * p.grad</translation>
    </message>
    <message>
        <source>momentum by hand: v.mul_(mu).add_(p.grad); p -= lr * v</source>
        <translation>momento a mano: v.mul_(mu).add_(p.grad); p -= lr * v</translation>
    </message>
    <message>
        <source>change in place: p.clamp_(), p.mul_()</source>
        <translation>cambiar en el sitio: p.clamp_(), p.mul_()</translation>
    </message>
    <message>
        <source>clamp the gradients: p.grad.clamp_()</source>
        <translation>limitar los gradientes: p.grad.clamp_()</translation>
    </message>
    <message>
        <source>make an optimizer</source>
        <translation>crear un optimizador</translation>
    </message>
    <message>
        <source>optimizer.step()</source>
        <translation>optimizer.step()</translation>
    </message>
    <message>
        <source>optimizer.zero_grad()</source>
        <translation>optimizer.zero_grad()</translation>
    </message>
    <message>
        <source>forward again</source>
        <translation>forward de nuevo</translation>
    </message>
    <message>
        <source>loop: repeat the steps below</source>
        <translation>bucle: repetir los pasos de abajo</translation>
    </message>
    <message>
        <source>at the end of each epoch</source>
        <translation>al final de cada época</translation>
    </message>
    <message>
        <source>end of loop</source>
        <translation>fin del bucle</translation>
    </message>
    <message>
        <source>print(tensor)</source>
        <translation>print(tensor)</translation>
    </message>
    <message>
        <source>compute nodes here</source>
        <translation>calcular nodos aquí</translation>
    </message>
    <message>
        <source>print(...) as the script did</source>
        <translation>print(...) como hizo el script</translation>
    </message>
    <message>
        <source>Autograd tutorial</source>
        <translation>Tutorial de autograd</translation>
    </message>
    <message>
        <source>requires_grad_ on a computed tensor</source>
        <translation>requires_grad_ sobre un tensor calculado</translation>
    </message>
    <message>
        <source>Vector-Jacobian product</source>
        <translation>Producto vector-jacobiana</translation>
    </message>
    <message>
        <source>detach and no_grad</source>
        <translation>detach y no_grad</translation>
    </message>
    <message>
        <source>retain_graph</source>
        <translation>retain_graph</translation>
    </message>
    <message>
        <source>Broadcasting</source>
        <translation>Broadcasting</translation>
    </message>
    <message>
        <source>Matrix product (matmul)</source>
        <translation>Producto de matrices (matmul)</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Training: linear regression</source>
        <translation>Entrenamiento: regresión lineal</translation>
    </message>
    <message>
        <source>Training: forgetting zero_grad</source>
        <translation>Entrenamiento: olvidar zero_grad</translation>
    </message>
    <message>
        <source>Training: logistic regression with optim.SGD</source>
        <translation>Entrenamiento: regresión logística con optim.SGD</translation>
    </message>
    <message>
        <source>Training: nn.Linear and MSE loss</source>
        <translation>Entrenamiento: nn.Linear y pérdida MSE</translation>
    </message>
    <message>
        <source>Training: XOR network with Adam</source>
        <translation>Entrenamiento: red XOR con Adam</translation>
    </message>
    <message>
        <source>Exercise: the tutorial&apos;s x.grad</source>
        <translation>Ejercicio: el x.grad del tutorial</translation>
    </message>
    <message>
        <source>Exercise: retain_graph</source>
        <translation>Ejercicio: retain_graph</translation>
    </message>
    <message>
        <source>Exercise: zero_grad</source>
        <translation>Ejercicio: zero_grad</translation>
    </message>
    <message>
        <source>Exercise: detach</source>
        <translation>Ejercicio: detach</translation>
    </message>
    <message>
        <source>Playground: XOR</source>
        <translation>Zona de juegos: XOR</translation>
    </message>
    <message>
        <source>Playground: circles</source>
        <translation>Zona de juegos: círculos</translation>
    </message>
    <message>
        <source>Playground: spirals</source>
        <translation>Zona de juegos: espirales</translation>
    </message>
    <message>
        <source>Playground: two moons</source>
        <translation>Zona de juegos: dos lunas</translation>
    </message>
    <message>
        <source>its values</source>
        <translation>sus valores</translation>
    </message>
    <message>
        <source>its .grad</source>
        <translation>su .grad</translation>
    </message>
    <message>
        <source>its grad_fn</source>
        <translation>su grad_fn</translation>
    </message>
    <message>
        <source>requires_grad</source>
        <translation>requires_grad</translation>
    </message>
    <message>
        <source>which step raises, and what</source>
        <translation>qué paso falla, y cómo</translation>
    </message>
    <message>
        <source>A learning aid, not an exam: the answers are in the file, and are only kept out of sight until you check.</source>
        <translation>Una ayuda para aprender, no un examen: las respuestas están en el archivo y solo se ocultan hasta que compruebes.</translation>
    </message>
</context>
<context>
    <name>ErrorReport</name>
    <message>
        <source>The canvas</source>
        <translation>El lienzo</translation>
    </message>
    <message>
        <source>The Jacobian and Gradient Check panel</source>
        <translation>El panel Jacobiana y comprobación de gradientes</translation>
    </message>
    <message>
        <source>The Step Through panel</source>
        <translation>El panel Paso a paso</translation>
    </message>
    <message>
        <source>The Training panel</source>
        <translation>El panel Entrenamiento</translation>
    </message>
    <message>
        <source>The Train dialog</source>
        <translation>El diálogo Entrenar</translation>
    </message>
    <message>
        <source>The Lesson panel</source>
        <translation>El panel Lección</translation>
    </message>
    <message>
        <source>The Timeline panel</source>
        <translation>El panel Línea de tiempo</translation>
    </message>
    <message>
        <source>The Inspector</source>
        <translation>El Inspector</translation>
    </message>
    <message>
        <source>The Inspector&apos;s plot</source>
        <translation>El gráfico del Inspector</translation>
    </message>
    <message>
        <source>The Autograd Graph panel</source>
        <translation>El panel Grafo de autograd</translation>
    </message>
    <message>
        <source>The Code panel</source>
        <translation>El panel Código</translation>
    </message>
    <message>
        <source>The Palette</source>
        <translation>La Paleta</translation>
    </message>
    <message>
        <source>The node search</source>
        <translation>La búsqueda de nodos</translation>
    </message>
    <message>
        <source>the details are in {log_path}</source>
        <translation>los detalles están en {log_path}</translation>
    </message>
    <message>
        <source>the details were printed where GradStudio was started</source>
        <translation>los detalles se imprimieron donde se inició GradStudio</translation>
    </message>
    <message>
        <source>{view} failed</source>
        <translation>{view} falló</translation>
    </message>
    <message>
        <source>{view} could not show the graph ({what}); your graph is safe and unchanged, so close and reopen the panel, or save and restart GradStudio if it happens again ({where}).</source>
        <translation>{view} no pudo mostrar el grafo ({what}); tu grafo está a salvo y sin cambios, así que cierra y vuelve a abrir el panel, o guarda y reinicia GradStudio si vuelve a ocurrir ({where}).</translation>
    </message>
    <message>
        <source>The edit failed</source>
        <translation>La edición falló</translation>
    </message>
    <message>
        <source>The last edit failed ({what}); the graph is still open, so undo the last step if something looks wrong ({where}).</source>
        <translation>La última edición falló ({what}); el grafo sigue abierto, así que deshaz el último paso si algo parece mal ({where}).</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Algo salió mal</translation>
    </message>
    <message>
        <source>Something went wrong ({what}); the graph is still open, so save it and restart GradStudio if something looks wrong ({where}).</source>
        <translation>Algo salió mal ({what}); el grafo sigue abierto, así que guárdalo y reinicia GradStudio si algo parece mal ({where}).</translation>
    </message>
    <message>
        <source>{title} again, with the same error as the message before.</source>
        <translation>{title} otra vez, con el mismo error que el mensaje anterior.</translation>
    </message>
</context>
<context>
    <name>Exercise</name>
    <message>
        <source>An exercise holds at most {MAX_QUESTIONS} questions.</source>
        <translation>Un ejercicio contiene como mucho {MAX_QUESTIONS} preguntas.</translation>
    </message>
    <message>
        <source>no step raises</source>
        <translation>ningún paso lanza un error</translation>
    </message>
    <message>
        <source>step {step}: {error}</source>
        <translation>paso {step}: {error}</translation>
    </message>
    <message>
        <source>Type the step and its error, as in 3: RuntimeError: …, or none.</source>
        <translation>Escribe el paso y su error, como en 3: RuntimeError: …, o none.</translation>
    </message>
    <message>
        <source>Right.</source>
        <translation>Correcto.</translation>
    </message>
    <message>
        <source>There is no tensor there: the answer is None.</source>
        <translation>Ahí no hay ningún tensor: la respuesta es None.</translation>
    </message>
    <message>
        <source>Right: None.</source>
        <translation>Correcto: None.</translation>
    </message>
    <message>
        <source>Type numbers, such as 4.5 or [[4.5, 4.5], [4.5, 4.5]], or None.</source>
        <translation>Escribe números, como 4.5 o [[4.5, 4.5], [4.5, 4.5]], o None.</translation>
    </message>
    <message>
        <source>The shape differs: you typed {typed}, the tensor has {shape}.</source>
        <translation>La forma no coincide: escribiste {typed}, el tensor tiene {shape}.</translation>
    </message>
    <message>
        <source>{wrong} of {count} numbers differ by more than {tolerance}.</source>
        <translation>{wrong} de {count} números difieren en más de {tolerance}.</translation>
    </message>
    <message>
        <source>Right: no step raises.</source>
        <translation>Correcto: ningún paso lanza un error.</translation>
    </message>
    <message>
        <source>Step {step} does not raise.</source>
        <translation>El paso {step} no lanza ningún error.</translation>
    </message>
    <message>
        <source>The step is right; now type a part of its message (8 characters or more, as it is printed).</source>
        <translation>El paso es correcto; ahora escribe una parte de su mensaje (8 caracteres o más, tal como se imprime).</translation>
    </message>
    <message>
        <source>This node fails in the run: {error}</source>
        <translation>Este nodo falla en la ejecución: {error}</translation>
    </message>
    <message>
        <source>That is not its grad_fn.</source>
        <translation>Esa no es su grad_fn.</translation>
    </message>
    <message>
        <source>Type True or False.</source>
        <translation>Escribe True o False.</translation>
    </message>
    <message>
        <source>Not so.</source>
        <translation>No es así.</translation>
    </message>
</context>
<context>
    <name>ExercisePanel</name>
    <message>
        <source>The Autograd Graph, Step Through Backward, Lesson and Jacobian panels stay hidden until you check; after a wrong check, Hint opens the step-through.</source>
        <translation>Los paneles Grafo de autograd, Backward paso a paso, Lección y Jacobiana permanecen ocultos hasta que compruebes; tras una comprobación incorrecta, Pista abre el paso a paso.</translation>
    </message>
    <message>
        <source>Which step raises, and what does it say? (e.g. 3: RuntimeError: …, or none)</source>
        <translation>¿Qué paso lanza un error y qué dice? (p. ej. 3: RuntimeError: …, o none)</translation>
    </message>
    <message>
        <source>{name} (its values)</source>
        <translation>{name} (sus valores)</translation>
    </message>
    <message>
        <source>at the end</source>
        <translation>al final</translation>
    </message>
    <message>
        <source>after the forward pass</source>
        <translation>después del pase hacia adelante</translation>
    </message>
    <message>
        <source>after step {step}</source>
        <translation>después del paso {step}</translation>
    </message>
    <message>
        <source> (within {tolerance:g})</source>
        <translation> (con tolerancia {tolerance:g})</translation>
    </message>
    <message>
        <source>your prediction</source>
        <translation>tu predicción</translation>
    </message>
    <message>
        <source>Prediction for question {number}</source>
        <translation>Predicción para la pregunta {number}</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Comprobar</translation>
    </message>
    <message>
        <source>Check question {number}</source>
        <translation>Comprobar la pregunta {number}</translation>
    </message>
    <message>
        <source>Hint: step through</source>
        <translation>Pista: paso a paso</translation>
    </message>
    <message>
        <source>Step through the backward pass, node by node, with the chain rule in numbers (this shows the gradients).</source>
        <translation>Recorrer el pase hacia atrás nodo a nodo, con la regla de la cadena en números (esto muestra los gradientes).</translation>
    </message>
    <message>
        <source>
The run: {expected}</source>
        <translation>
La ejecución: {expected}</translation>
    </message>
    <message>
        <source>Right: </source>
        <translation>Correcto: </translation>
    </message>
    <message>
        <source>Wrong: </source>
        <translation>Incorrecto: </translation>
    </message>
    <message>
        <source>Exercise</source>
        <translation>Ejercicio</translation>
    </message>
    <message>
        <source>No exercise yet. A teacher selects a node and adds a question below.</source>
        <translation>Aún no hay ejercicio. Un profesor selecciona un nodo y añade una pregunta abajo.</translation>
    </message>
    <message>
        <source>For the teacher</source>
        <translation>Para el profesor</translation>
    </message>
    <message>
        <source>Show answers</source>
        <translation>Mostrar respuestas</translation>
    </message>
    <message>
        <source>Shows the values, gradients and grad_fns the exercise asks for on the canvas and in the inspector.</source>
        <translation>Muestra en el lienzo y en el inspector los valores, gradientes y grad_fns por los que pregunta el ejercicio.</translation>
    </message>
    <message>
        <source>What to predict</source>
        <translation>Qué predecir</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>el final</translation>
    </message>
    <message>
        <source>At timeline step</source>
        <translation>En el paso de la línea de tiempo</translation>
    </message>
    <message>
        <source>Tolerance for numbers</source>
        <translation>Tolerancia para números</translation>
    </message>
    <message>
        <source>Add question</source>
        <translation>Añadir pregunta</translation>
    </message>
    <message>
        <source>Remove last</source>
        <translation>Quitar la última</translation>
    </message>
    <message>
        <source>Clear progress</source>
        <translation>Borrar el progreso</translation>
    </message>
    <message>
        <source>Ask about</source>
        <translation>Preguntar por</translation>
    </message>
    <message>
        <source>Predict</source>
        <translation>Predecir</translation>
    </message>
    <message>
        <source>At step</source>
        <translation>En el paso</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Tolerancia</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exercise&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ejercicio&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{solved} of {v} right</source>
        <translation>{solved} de {v} correctas</translation>
    </message>
    <message>
        <source>the whole timeline</source>
        <translation>toda la línea de tiempo</translation>
    </message>
    <message>
        <source>(select a node on the canvas)</source>
        <translation>(selecciona un nodo en el lienzo)</translation>
    </message>
    <message>
        <source>Remove question</source>
        <translation>Quitar la pregunta</translation>
    </message>
    <message>
        <source>Check prediction</source>
        <translation>Comprobar la predicción</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>{name} was not computed (its error is shown on its node and in the Inspector), so it has no backward graph.</source>
        <translation>{name} no se calculó (su error se muestra en su nodo y en el Inspector), así que no tiene grafo hacia atrás.</translation>
    </message>
    <message>
        <source>{name} is a detached copy: it shares its input&apos;s values, but gradients stop at it, so it has no grad_fn and nothing flows back from it.</source>
        <translation>{name} es una copia separada (detach): comparte los valores de su entrada, pero los gradientes se detienen en ella, así que no tiene grad_fn y nada fluye hacia atrás desde ella.</translation>
    </message>
    <message>
        <source>{name} is computed inside torch.no_grad(): PyTorch recorded no graph for it, so it has no grad_fn.</source>
        <translation>{name} se calcula dentro de torch.no_grad(): PyTorch no registró ningún grafo para él, así que no tiene grad_fn.</translation>
    </message>
    <message>
        <source>{name} is a leaf that requires grad: it has no grad_fn of its own; backward() stores its gradient in {name}.grad. Select a node computed from it to see a backward graph.</source>
        <translation>{name} es una hoja que requiere gradiente: no tiene grad_fn propia; backward() guarda su gradiente en {name}.grad. Selecciona un nodo calculado a partir de ella para ver un grafo hacia atrás.</translation>
    </message>
    <message>
        <source>{name} is data: it does not require grad, so PyTorch records no graph for it; the model&apos;s parameters are what training tracks.</source>
        <translation>{name} son datos: no requieren gradiente, así que PyTorch no registra ningún grafo para ellos; lo que sigue el entrenamiento son los parámetros del modelo.</translation>
    </message>
    <message>
        <source>{name} does not require grad, so PyTorch records no graph for it. Tick requires_grad in the Inspector to track it.</source>
        <translation>{name} no requiere gradiente, así que PyTorch no registra ningún grafo para él. Marca requires_grad en el Inspector para seguirlo.</translation>
    </message>
    <message>
        <source>{name} has no grad_fn: {kind} has no gradient, so PyTorch records no graph through it.</source>
        <translation>{name} no tiene grad_fn: {kind} no tiene gradiente, así que PyTorch no registra ningún grafo a través de él.</translation>
    </message>
    <message>
        <source>it is a detach()</source>
        <translation>es un detach()</translation>
    </message>
    <message>
        <source>it is inside torch.no_grad()</source>
        <translation>está dentro de torch.no_grad()</translation>
    </message>
    <message>
        <source>{kind} has no gradient</source>
        <translation>{kind} no tiene gradiente</translation>
    </message>
    <message>
        <source>{name} has no grad_fn: the gradient stops further up, at {stop} ({why}).</source>
        <translation>{name} no tiene grad_fn: el gradiente se detiene más arriba, en {stop} ({why}).</translation>
    </message>
    <message>
        <source>{name} has no grad_fn: nothing it is computed from requires grad. Tick requires_grad on a source in the Inspector to track it.</source>
        <translation>{name} no tiene grad_fn: nada de lo que se calcula requiere gradiente. Marca requires_grad en una fuente en el Inspector para seguirlo.</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>Two custom Functions are both called {name} but compute differently: give one of them another name.</source>
        <translation>Dos Functions propias se llaman ambas {name} pero calculan distinto: da a una de ellas otro nombre.</translation>
    </message>
</context>
<context>
    <name>ExportPrints</name>
    <message>
        <source>The script prints nothing</source>
        <translation>El script no imprime nada</translation>
    </message>
    <message>
        <source>Nothing in this graph is printed, so the exported script would run without showing anything. Print its outputs ({v})?</source>
        <translation>En este grafo no se imprime nada, así que el script exportado se ejecutaría sin mostrar nada. ¿Imprimir sus salidas ({v})?</translation>
    </message>
    <message>
        <source>Print the Outputs</source>
        <translation>Imprimir las salidas</translation>
    </message>
    <message>
        <source>Export as Is</source>
        <translation>Exportar tal cual</translation>
    </message>
    <message>
        <source>Print the outputs in the exported script</source>
        <translation>Imprimir las salidas en el script exportado</translation>
    </message>
</context>
<context>
    <name>FileFilters</name>
    <message>
        <source>Data files (*.csv *.tsv *.txt *.npy);;All files (*)</source>
        <translation>Archivos de datos (*.csv *.tsv *.txt *.npy);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>GradStudio graphs (*.gsg)</source>
        <translation>Grafos de GradStudio (*.gsg)</translation>
    </message>
    <message>
        <source>GradStudio graphs, notebooks and PyTorch scripts (*.gsg *.ipynb *.py)</source>
        <translation>Grafos de GradStudio, cuadernos y scripts de PyTorch (*.gsg *.ipynb *.py)</translation>
    </message>
    <message>
        <source>Jupyter notebooks (*.ipynb)</source>
        <translation>Notebooks de Jupyter (*.ipynb)</translation>
    </message>
    <message>
        <source>Python scripts (*.py)</source>
        <translation>Scripts de Python (*.py)</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>The view state cannot be saved: {place}: {msg}</source>
        <translation>El estado de la vista no se puede guardar: {place}: {msg}</translation>
    </message>
    <message>
        <source>could not save because {reason}; the previous file is unchanged and the graph stays open.</source>
        <translation>no se pudo guardar: {reason}; el archivo anterior no ha cambiado y el grafo sigue abierto.</translation>
    </message>
    <message>
        <source>could not save because {reason}; nothing was written and the graph stays open.</source>
        <translation>no se pudo guardar: {reason}; no se escribió nada y el grafo sigue abierto.</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>nodos</translation>
    </message>
    <message>
        <source>remove some nodes</source>
        <translation>quita algunos nodos</translation>
    </message>
    <message>
        <source>edges</source>
        <translation>aristas</translation>
    </message>
    <message>
        <source>remove some edges</source>
        <translation>quita algunas aristas</translation>
    </message>
    <message>
        <source>no-grad regions</source>
        <translation>regiones no-grad</translation>
    </message>
    <message>
        <source>remove some regions</source>
        <translation>quita algunas regiones</translation>
    </message>
    <message>
        <source>timeline actions</source>
        <translation>acciones de la línea de tiempo</translation>
    </message>
    <message>
        <source>remove some actions</source>
        <translation>quita algunas acciones</translation>
    </message>
    <message>
        <source>the graph has {count:,} {what}, more than the {limit:,} a graph file may hold ({todo} and save again)</source>
        <translation>el grafo tiene {count:,} {what}, más de los {limit:,} que puede contener un archivo de grafo ({todo} y guarda de nuevo)</translation>
    </message>
    <message>
        <source>the file would be {size:.1f} MB, more than the {most} MB GradStudio opens (make the large literals or datasets smaller and save again)</source>
        <translation>el archivo ocuparía {size:.1f} MB, más de los {most} MB que abre GradStudio (reduce los literales o conjuntos de datos grandes y guarda de nuevo)</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>el disco está lleno</translation>
    </message>
    <message>
        <source>Free some space and save again.</source>
        <translation>Libera algo de espacio y vuelve a guardar.</translation>
    </message>
    <message>
        <source>your disk quota is used up</source>
        <translation>tu cuota de disco está agotada</translation>
    </message>
    <message>
        <source>permission was denied</source>
        <translation>se denegó el permiso</translation>
    </message>
    <message>
        <source>Save it in a folder you can write to.</source>
        <translation>Guárdalo en una carpeta en la que puedas escribir.</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>el disco es de solo lectura</translation>
    </message>
    <message>
        <source>Save it on another disk.</source>
        <translation>Guárdalo en otro disco.</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation>el nombre del archivo es demasiado largo</translation>
    </message>
    <message>
        <source>Choose a shorter name.</source>
        <translation>Elige un nombre más corto.</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>la carpeta no existe</translation>
    </message>
    <message>
        <source>Choose an existing folder.</source>
        <translation>Elige una carpeta existente.</translation>
    </message>
    <message>
        <source>part of the path is not a folder</source>
        <translation>parte de la ruta no es una carpeta</translation>
    </message>
    <message>
        <source>a folder has that name</source>
        <translation>una carpeta tiene ese nombre</translation>
    </message>
    <message>
        <source>Choose another name.</source>
        <translation>Elige otro nombre.</translation>
    </message>
    <message>
        <source>the disk reported an error</source>
        <translation>el disco informó de un error</translation>
    </message>
    <message>
        <source>Check the disk and save again.</source>
        <translation>Revisa el disco y vuelve a guardar.</translation>
    </message>
    <message>
        <source>Check the folder exists and is writable.</source>
        <translation>Comprueba que la carpeta existe y se puede escribir en ella.</translation>
    </message>
    <message>
        <source>the system gave no reason</source>
        <translation>el sistema no dio ningún motivo</translation>
    </message>
    <message>
        <source>of an error</source>
        <translation>hubo un error</translation>
    </message>
    <message>
        <source>Choose another folder.</source>
        <translation>Elige otra carpeta.</translation>
    </message>
    <message>
        <source>could not save there because {reason}; nothing was written.</source>
        <translation>no se pudo guardar ahí: {reason}; no se escribió nada.</translation>
    </message>
    <message>
        <source>could not save because {reason}; the previous file and its backup are unchanged.</source>
        <translation>no se pudo guardar: {reason}; el archivo anterior y su copia de seguridad no han cambiado.</translation>
    </message>
    <message>
        <source>could not save because {reason}; the previous file is unchanged.</source>
        <translation>no se pudo guardar: {reason}; el archivo anterior no ha cambiado.</translation>
    </message>
    <message>
        <source>could not open the file ({reason}).</source>
        <translation>no se pudo abrir el archivo ({reason}).</translation>
    </message>
</context>
<context>
    <name>Formula</name>
    <message>
        <source>A learning-rate lambda is a text of at most {n} characters, such as {example}.</source>
        <translation>Una lambda de tasa de aprendizaje es un texto de como mucho {n} caracteres, como {example}.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a lambda of one epoch such as {example}.</source>
        <translation>&apos;{text}&apos; no es una lambda de una época como {example}.</translation>
    </message>
    <message>
        <source>This learning-rate lambda nests more than {n} operations.</source>
        <translation>Esta lambda de tasa de aprendizaje anida más de {n} operaciones.</translation>
    </message>
    <message>
        <source>A learning-rate lambda can use numbers, not {value}.</source>
        <translation>Una lambda de tasa de aprendizaje puede usar números, no {value}.</translation>
    </message>
    <message>
        <source>A learning-rate lambda can use its epoch ({param}) and numbers, not the name &apos;{name}&apos;.</source>
        <translation>Una lambda de tasa de aprendizaje puede usar su época ({param}) y números, no el nombre &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>A learning-rate lambda cannot use &apos;{what}&apos;: only numbers, its epoch, arithmetic, comparisons, min, max, abs, round and math&apos;s functions.</source>
        <translation>Una lambda de tasa de aprendizaje no puede usar &apos;{what}&apos;: solo números, su época, aritmética, comparaciones, min, max, abs, round y las funciones de math.</translation>
    </message>
    <message>
        <source>The learning-rate lambda {text} failed at epoch {epoch}: {error}.</source>
        <translation>La lambda de tasa de aprendizaje {text} falló en la época {epoch}: {error}.</translation>
    </message>
</context>
<context>
    <name>FunctionText</name>
    <message>
        <source>a Function&apos;s name is a Python name such as MyReLU</source>
        <translation>el nombre de una Function es un nombre de Python como MyReLU</translation>
    </message>
    <message>
        <source>a Function&apos;s {role} is the text of its def, at most {n} characters</source>
        <translation>el {role} de una Function es el texto de su def, como mucho {n} caracteres</translation>
    </message>
    <message>
        <source>its {role} is not Python such as def {role}(ctx, ...): ...</source>
        <translation>su {role} no es Python como def {role}(ctx, ...): ...</translation>
    </message>
    <message>
        <source>its {role} must be one def {role}(ctx, ...)</source>
        <translation>su {role} debe ser un único def {role}(ctx, ...)</translation>
    </message>
    <message>
        <source>its {role} takes ctx and plain inputs: def {role}(ctx, x)</source>
        <translation>su {role} toma ctx y entradas simples: def {role}(ctx, x)</translation>
    </message>
    <message>
        <source>its {role} takes ctx first: def {role}(ctx, x)</source>
        <translation>su {role} toma primero ctx: def {role}(ctx, x)</translation>
    </message>
    <message>
        <source>its {role} ends with a return of what it computes</source>
        <translation>su {role} termina con un return de lo que calcula</translation>
    </message>
    <message>
        <source>its backward takes one gradient per output, at most {n}</source>
        <translation>su backward toma un gradiente por salida, como mucho {n}</translation>
    </message>
    <message>
        <source>its forward returns {n} outputs, so its backward takes {n} gradients after ctx, not {got}</source>
        <translation>su forward devuelve {n} salidas, así que su backward toma {n} gradientes después de ctx, no {got}</translation>
    </message>
    <message>
        <source>its forward returns one tensor, or at most {n} tensors separated by commas</source>
        <translation>su forward devuelve un tensor, o como mucho {n} tensores separados por comas</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be part of a Function GradStudio draws: use assignments of tensor operations, ctx.save_for_backward and one return</source>
        <translation>&apos;{code}&apos; no puede formar parte de una Function que GradStudio dibuja: usa asignaciones de operaciones de tensores, ctx.save_for_backward y un return</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is assigned inside an if of a Function: give it a value before the if (such as {name} = None)</source>
        <translation>&apos;{name}&apos; se asigna dentro de un if de una Function: dale un valor antes del if (como {name} = None)</translation>
    </message>
    <message>
        <source>a Function&apos;s text sets ctx.&lt;name&gt; only outside an if</source>
        <translation>el texto de una Function solo asigna ctx.&lt;name&gt; fuera de un if</translation>
    </message>
    <message>
        <source>the if &apos;{code}&apos; cannot be part of a Function GradStudio draws: an if may test ctx.needs_input_grad[i] and whether a name is None</source>
        <translation>el if &apos;{code}&apos; no puede formar parte de una Function que GradStudio dibuja: un if puede comprobar ctx.needs_input_grad[i] y si un nombre es None</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be assigned to in a Function GradStudio draws</source>
        <translation>no se puede asignar a &apos;{code}&apos; en una Function que GradStudio dibuja</translation>
    </message>
    <message>
        <source>a Function&apos;s text cannot assign to {name}</source>
        <translation>el texto de una Function no puede asignar a {name}</translation>
    </message>
    <message>
        <source>a Function&apos;s text nests at most {n} operations</source>
        <translation>el texto de una Function anida como mucho {n} operaciones</translation>
    </message>
    <message>
        <source>a Function computes from its inputs and what it assigned, not &apos;{name}&apos;</source>
        <translation>una Function calcula con sus entradas y lo que ha asignado, no con &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>a Function&apos;s text uses numbers only, not {value!r}</source>
        <translation>el texto de una Function usa solo números, no {value!r}</translation>
    </message>
    <message>
        <source>a Function&apos;s text reads ctx.saved_tensors and what forward set on ctx, not ctx.{attr}</source>
        <translation>el texto de una Function lee ctx.saved_tensors y lo que forward puso en ctx, no ctx.{attr}</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be part of a Function GradStudio draws: use tensor methods such as clamp, exp and mul, numbers and + - * /</source>
        <translation>&apos;{code}&apos; no puede formar parte de una Function que GradStudio dibuja: usa métodos de tensor como clamp, exp y mul, números y + - * /</translation>
    </message>
    <message>
        <source>a Function&apos;s text cannot call torch.{attr}</source>
        <translation>el texto de una Function no puede llamar a torch.{attr}</translation>
    </message>
    <message>
        <source>a Function&apos;s text cannot call {attr}: only tensor operations such as clamp, exp and mul</source>
        <translation>el texto de una Function no puede llamar a {attr}: solo operaciones de tensores como clamp, exp y mul</translation>
    </message>
    <message>
        <source>a Function&apos;s calls name their arguments one by one</source>
        <translation>las llamadas de una Function nombran sus argumentos uno a uno</translation>
    </message>
    <message>
        <source>not enough values to unpack (expected {n}, got {got})</source>
        <translation>no hay suficientes valores para desempaquetar (se esperaban {n}, hay {got})</translation>
    </message>
    <message>
        <source>too many values to unpack (expected {n})</source>
        <translation>demasiados valores para desempaquetar (se esperaban {n})</translation>
    </message>
    <message>
        <source>ctx.{attr} belongs to the node itself: give your value another name</source>
        <translation>ctx.{attr} pertenece al propio nodo: da otro nombre a tu valor</translation>
    </message>
    <message>
        <source>&apos;{node}&apos; object has no attribute &apos;{attr}&apos;</source>
        <translation>el objeto &apos;{node}&apos; no tiene el atributo &apos;{attr}&apos;</translation>
    </message>
    <message>
        <source>ctx.{attr} is not a number or a tensor</source>
        <translation>ctx.{attr} no es un número ni un tensor</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; is not a tensor</source>
        <translation>&apos;{code}&apos; no es un tensor</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; computes with something that is not a tensor or a number</source>
        <translation>&apos;{code}&apos; calcula con algo que no es un tensor ni un número</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be indexed</source>
        <translation>&apos;{code}&apos; no se puede indexar</translation>
    </message>
    <message>
        <source>{role}() takes {n} positional arguments but {got} were given</source>
        <translation>{role}() toma {n} argumentos posicionales pero se pasaron {got}</translation>
    </message>
    <message>
        <source>{name}&apos;s backward is your own: from the gradient {grad} of its output it runs</source>
        <translation>El backward de {name} es tuyo: a partir del gradiente {grad} de su salida ejecuta</translation>
    </message>
    <message>
        <source>{name}&apos;s backward is your own: from the gradients {grads} of its {n} outputs (zeros for an output the loss does not use, or None after ctx.set_materialize_grads(False)) it runs</source>
        <translation>El backward de {name} es tuyo: a partir de los gradientes {grads} de sus {n} salidas (ceros para una salida que la pérdida no usa, o None tras ctx.set_materialize_grads(False)) ejecuta</translation>
    </message>
    <message>
        <source>{value} for {input}</source>
        <translation>{value} para {input}</translation>
    </message>
    <message>
        <source>and returns {said}.</source>
        <translation>y devuelve {said}.</translation>
    </message>
    <message>
        <source>It is marked @once_differentiable: it runs without recording, so what it returns cannot be differentiated again (a second backward through it raises an error).</source>
        <translation>Está marcado con @once_differentiable: se ejecuta sin registrar, así que lo que devuelve no se puede derivar otra vez (un segundo backward a través de él lanza un error).</translation>
    </message>
</context>
<context>
    <name>GraphList</name>
    <message>
        <source>Graph nodes</source>
        <translation>Nodos del grafo</translation>
    </message>
    <message>
        <source>Each node of the graph as its line of code and its state; selecting one selects it on the canvas.</source>
        <translation>Cada nodo del grafo como su línea de código y su estado; seleccionar uno lo selecciona en el lienzo.</translation>
    </message>
</context>
<context>
    <name>Heatmap</name>
    <message>
        <source>{title} (colour scale ±{top:.3g})</source>
        <translation>{title} (escala de color ±{top:.3g})</translation>
    </message>
    <message>
        <source>{title} (grey: within the tolerance</source>
        <translation>{title} (gris: dentro de la tolerancia</translation>
    </message>
    <message>
        <source>; up to {worst:.3g} × it past it)</source>
        <translation>; hasta {worst:.3g} veces por encima)</translation>
    </message>
    <message>
        <source>{rows} × {cols}: rows {v} … {v2}, columns {v3} … {v4}</source>
        <translation>{rows} × {cols}: filas {v} … {v2}, columnas {v3} … {v4}</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Build, run and understand PyTorch-style autograd graphs.</source>
        <translation>Construye, ejecuta y entiende grafos de autograd al estilo de PyTorch.</translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>Lienzo</translation>
    </message>
    <message>
        <source>Quick add a node (wired to the selected node)</source>
        <translation>Añadir rápidamente un nodo (conectado al nodo seleccionado)</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>Select the nearest node that way</source>
        <translation>Seleccionar el nodo más cercano en esa dirección</translation>
    </message>
    <message>
        <source>Left, Right, Up, Down</source>
        <translation>Izquierda, Derecha, Arriba, Abajo</translation>
    </message>
    <message>
        <source>Edit the selected node&apos;s parameters in the inspector</source>
        <translation>Editar los parámetros del nodo seleccionado en el inspector</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Intro</translation>
    </message>
    <message>
        <source>Delete the selection</source>
        <translation>Eliminar la selección</translation>
    </message>
    <message>
        <source>Delete or Backspace</source>
        <translation>Supr o Retroceso</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Desplazar la vista</translation>
    </message>
    <message>
        <source>Space+drag or middle drag</source>
        <translation>Espacio+arrastrar o arrastrar con el botón central</translation>
    </message>
    <message>
        <source>Commands for a node, a region or the background</source>
        <translation>Comandos para un nodo, una región o el fondo</translation>
    </message>
    <message>
        <source>right click</source>
        <translation>clic derecho</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspector</translation>
    </message>
    <message>
        <source>Back to the canvas</source>
        <translation>Volver al lienzo</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Exercise</source>
        <translation>Ejercicio</translation>
    </message>
    <message>
        <source>Check the prediction typed</source>
        <translation>Comprobar la predicción escrita</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menú</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
</context>
<context>
    <name>Hook</name>
    <message>
        <source>a hook is text such as grad * 10</source>
        <translation>un hook es un texto como grad * 10</translation>
    </message>
    <message>
        <source>a hook is at most {MAX_HOOK_TEXT} characters</source>
        <translation>un hook tiene como mucho {MAX_HOOK_TEXT} caracteres</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not an expression such as grad * 10</source>
        <translation>&apos;{text}&apos; no es una expresión como grad * 10</translation>
    </message>
    <message>
        <source>a hook&apos;s print takes its values one by one, without sep= or end=</source>
        <translation>el print de un hook toma sus valores uno a uno, sin sep= ni end=</translation>
    </message>
    <message>
        <source>a hook&apos;s f-string shows values with a format such as :.4f, nothing more</source>
        <translation>el f-string de un hook muestra valores con un formato como :.4f, nada más</translation>
    </message>
    <message>
        <source>a hook nests at most {MAX_DEPTH} operations</source>
        <translation>un hook anida como mucho {MAX_DEPTH} operaciones</translation>
    </message>
    <message>
        <source>a hook computes from grad and numbers only, not &apos;{id}&apos;</source>
        <translation>un hook calcula solo con grad y números, no con &apos;{id}&apos;</translation>
    </message>
    <message>
        <source>a hook uses numbers only, not {value!r}</source>
        <translation>un hook usa solo números, no {value!r}</translation>
    </message>
    <message>
        <source>a hook cannot call {attr}: only tensor methods such as clamp, abs, sign, mul and norm</source>
        <translation>un hook no puede llamar a {attr}: solo a métodos de tensor como clamp, abs, sign, mul y norm</translation>
    </message>
    <message>
        <source>a hook&apos;s calls name their arguments one by one</source>
        <translation>las llamadas de un hook nombran sus argumentos uno a uno</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; cannot be part of a hook: use grad, numbers, + - * / ** and tensor methods such as clamp</source>
        <translation>&apos;{value}&apos; no puede formar parte de un hook: usa grad, números, + - * / ** y métodos de tensor como clamp</translation>
    </message>
    <message>
        <source>a kept value is an expression of grad such as grad.clone()</source>
        <translation>un valor guardado es una expresión de grad como grad.clone()</translation>
    </message>
    <message>
        <source>the list a hook keeps into has a Python name such as grads</source>
        <translation>la lista en la que guarda un hook tiene un nombre de Python como grads</translation>
    </message>
</context>
<context>
    <name>ImportData</name>
    <message>
        <source>Import Data — {name}</source>
        <translation>Importar datos — {name}</translation>
    </message>
    <message>
        <source>First row is a header (column names)</source>
        <translation>La primera fila es un encabezado (nombres de columna)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
    <message>
        <source>Delimiter:</source>
        <translation>Delimitador:</translation>
    </message>
    <message>
        <source>Label (the last column of the node):</source>
        <translation>Etiqueta (la última columna del nodo):</translation>
    </message>
    <message>
        <source>Features:</source>
        <translation>Características:</translation>
    </message>
    <message>
        <source>Hold out for testing:</source>
        <translation>Reservar para prueba:</translation>
    </message>
    <message>
        <source>The first {n} rows:</source>
        <translation>Las primeras {n} filas:</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>Leyendo el archivo…</translation>
    </message>
    <message>
        <source>Import Data</source>
        <translation>Importar datos</translation>
    </message>
    <message>
        <source>Checking the rows…</source>
        <translation>Comprobando las filas…</translation>
    </message>
    <message>
        <source>Imported {rows:,} rows of {name} as {label}.</source>
        <translation>Se importaron {rows:,} filas de {name} como {label}.</translation>
    </message>
    <message>
        <source>Data imported</source>
        <translation>Datos importados</translation>
    </message>
</context>
<context>
    <name>IndexText</name>
    <message>
        <source>a &apos;]&apos; has no &apos;[&apos; before it</source>
        <translation>un &apos;]&apos; no tiene un &apos;[&apos; antes</translation>
    </message>
    <message>
        <source>a &apos;[&apos; is not closed</source>
        <translation>un &apos;[&apos; no está cerrado</translation>
    </message>
    <message>
        <source>&apos;{part}&apos; is not a list of whole numbers or of True/False</source>
        <translation>&apos;{part}&apos; no es una lista de números enteros ni de True/False</translation>
    </message>
    <message>
        <source>the list &apos;{part}&apos; is nested too deeply</source>
        <translation>la lista &apos;{part}&apos; está anidada demasiado</translation>
    </message>
    <message>
        <source>&apos;{part}&apos; mixes whole numbers and True/False</source>
        <translation>&apos;{part}&apos; mezcla números enteros y True/False</translation>
    </message>
    <message>
        <source>&apos;{whole}&apos; is not a whole number, a slice, a list, None, ... or an index port ({value})</source>
        <translation>&apos;{whole}&apos; no es un número entero, un corte, una lista, None, ... ni una entrada de índice ({value})</translation>
    </message>
    <message>
        <source>an index is text such as 0, 1:3, [0, 2], i or ..., None</source>
        <translation>un índice es un texto como 0, 1:3, [0, 2], i o ..., None</translation>
    </message>
    <message>
        <source>the index is empty; write for example 0 or 1:3</source>
        <translation>el índice está vacío; escribe por ejemplo 0 o 1:3</translation>
    </message>
    <message>
        <source>the index uses {part} twice</source>
        <translation>el índice usa {part} dos veces</translation>
    </message>
    <message>
        <source>&apos;{part}&apos; is not a slice; write start:stop:step</source>
        <translation>&apos;{part}&apos; no es un corte; escribe start:stop:step</translation>
    </message>
    <message>
        <source>the index uses {name}, but nothing is connected to port {name}</source>
        <translation>el índice usa {name}, pero no hay nada conectado a la entrada {name}</translation>
    </message>
    <message>
        <source>port {name} is connected but the index does not use it; write {name} where it goes, for example {name} or :, {name}</source>
        <translation>la entrada {name} está conectada pero el índice no la usa; escribe {name} donde vaya, por ejemplo {name} o :, {name}</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>print it in the exported script</source>
        <translation>imprimirlo en el script exportado</translation>
    </message>
    <message>
        <source>Adds print(tensor) after the forward pass to the exported PyTorch script, and print(tensor.grad) after each timeline step when PyTorch keeps its .grad. The canvas shows every tensor&apos;s value either way.</source>
        <translation>Añade print(tensor) después del pase hacia adelante al script de PyTorch exportado, y print(tensor.grad) después de cada paso de la línea de tiempo cuando PyTorch conserva su .grad. El lienzo muestra el valor de cada tensor de todos modos.</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parámetros</translation>
    </message>
    <message>
        <source>list</source>
        <translation>lista</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nombre</translation>
    </message>
    <message>
        <source>{v} &lt;span style=&apos;font-weight:normal;color:#666&apos;&gt;· {v2}&lt;/span&gt;</source>
        <translation>{v} &lt;span style=&apos;font-weight:normal;color:#666&apos;&gt;· {v2}&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Select a node to inspect it.</source>
        <translation>Selecciona un nodo para inspeccionarlo.</translation>
    </message>
    <message>
        <source>requires_grad=True makes this leaf track operations for autograd.</source>
        <translation>requires_grad=True hace que esta hoja siga las operaciones para autograd.</translation>
    </message>
    <message>
        <source>Only source tensors (ones, tensor, rand …) set requires_grad; a computed tensor requires grad when any of its inputs does. Use detach or requires_grad_ nodes to change it.</source>
        <translation>Solo los tensores fuente (ones, tensor, rand …) fijan requires_grad; un tensor calculado requiere gradiente cuando alguna de sus entradas lo requiere. Usa nodos detach o requires_grad_ para cambiarlo.</translation>
    </message>
    <message>
        <source>The exercise asks for this: predict it in the Exercise panel.</source>
        <translation>El ejercicio pregunta por esto: predícelo en el panel Ejercicio.</translation>
    </message>
    <message>
        <source>Hidden until you check your prediction.</source>
        <translation>Oculto hasta que compruebes tu predicción.</translation>
    </message>
</context>
<context>
    <name>InspectorFields</name>
    <message>
        <source>&apos;{text}&apos; is not a number or a list of numbers.</source>
        <translation>«{text}» no es un número ni una lista de números.</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>no es un número</translation>
    </message>
    <message>
        <source>none, or numbers such as 0.5, 2</source>
        <translation>ninguno, o números como 0.5, 2</translation>
    </message>
    <message>
        <source>connected to {source}; disconnect to type a value</source>
        <translation>conectado a {source}; desconecta para escribir un valor</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a number: a cell holds one number; type a whole list in the field under the grid.</source>
        <translation>«{text}» no es un número: una celda contiene un número; escribe una lista entera en el campo bajo la cuadrícula.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a number.</source>
        <translation>«{text}» no es un número.</translation>
    </message>
    <message>
        <source> (&apos;{label}&apos; is &apos;{name}&apos; to Python)</source>
        <translation> («{label}» es «{name}» para Python)</translation>
    </message>
    <message>
        <source>Another node is already called &apos;{name}&apos;{same}; choose a different name.</source>
        <translation>Otro nodo ya se llama «{name}»{same}; elige otro nombre.</translation>
    </message>
    <message>
        <source>The tensor&apos;s name, as in the exported PyTorch code: letters, digits and _, not starting with a digit. Leave it empty for no name.</source>
        <translation>El nombre del tensor, como en el código PyTorch exportado: letras, dígitos y _, sin empezar por un dígito. Déjalo vacío para no tener nombre.</translation>
    </message>
    <message>
        <source>no name (shown as {v})</source>
        <translation>sin nombre (se muestra como {v})</translation>
    </message>
    <message>
        <source>GradStudio calls torch.manual_seed(seed) before every run, so rand and randn draw the same numbers each time; leave it empty to draw new numbers on every run.</source>
        <translation>GradStudio llama a torch.manual_seed(seed) antes de cada ejecución, así que rand y randn generan los mismos números cada vez; déjalo vacío para generar números nuevos en cada ejecución.</translation>
    </message>
    <message>
        <source>Graph settings</source>
        <translation>Ajustes del grafo</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>random seed</source>
        <translation>semilla aleatoria</translation>
    </message>
    <message>
        <source>This node is in error, so it has no tensor to keep a .grad for.</source>
        <translation>Este nodo tiene un error, así que no tiene tensor para el que conservar un .grad.</translation>
    </message>
    <message>
        <source> Untick to take retain_grad() off.</source>
        <translation> Desmarca para quitar retain_grad().</translation>
    </message>
    <message>
        <source>{text} (left out)</source>
        <translation>{text} (omitido)</translation>
    </message>
    <message>
        <source>Marked with retain_grad(), but this tensor does not require grad: PyTorch refuses retain_grad() on it, so the call is left out of the run and the code. Untick to take the mark off.</source>
        <translation>Marcado con retain_grad(), pero este tensor no requiere gradiente: PyTorch rechaza retain_grad() sobre él, así que la llamada queda fuera de la ejecución y del código. Desmarca para quitar la marca.</translation>
    </message>
    <message>
        <source>This tensor does not require grad, so it never gets a .grad: PyTorch refuses retain_grad() on it.</source>
        <translation>Este tensor no requiere gradiente, así que nunca recibe un .grad: PyTorch rechaza retain_grad() sobre él.</translation>
    </message>
    <message>
        <source>{text} (leaf)</source>
        <translation>{text} (hoja)</translation>
    </message>
    <message>
        <source>A leaf keeps its .grad after backward anyway; retain_grad() does nothing on it.</source>
        <translation>Una hoja conserva su .grad después de backward de todos modos; retain_grad() no hace nada sobre ella.</translation>
    </message>
    <message>
        <source> Untick to take the mark off.</source>
        <translation> Desmarca para quitar la marca.</translation>
    </message>
    <message>
        <source>Marked with retain_grad(): this tensor keeps its .grad after backward. Untick to take the mark off.</source>
        <translation>Marcado con retain_grad(): este tensor conserva su .grad después de backward. Desmarca para quitar la marca.</translation>
    </message>
    <message>
        <source>Tick to keep this computed tensor&apos;s .grad after backward (the code calls retain_grad() on it); without it PyTorch computes the gradient but does not keep it.</source>
        <translation>Marca para conservar el .grad de este tensor calculado después de backward (el código llama a retain_grad() sobre él); sin ello PyTorch calcula el gradiente pero no lo conserva.</translation>
    </message>
</context>
<context>
    <name>InspectorLiteral</name>
    <message>
        <source>Too many numbers to edit as text (the text shows them as torch prints them): change the shape here, or build the tensor from a smaller one.</source>
        <translation>Demasiados números para editarlos como texto (el texto los muestra como los imprime torch): cambia aquí la forma o construye el tensor a partir de uno más pequeño.</translation>
    </message>
    <message>
        <source>The tensor&apos;s shape: its sizes separated by commas, such as 3 or 2, 3; leave it empty for a single number (a 0-d tensor). Numbers that still fit are kept.</source>
        <translation>La forma del tensor: sus tamaños separados por comas, como 3 o 2, 3; déjalo vacío para un solo número (un tensor 0-d). Los números que aún caben se conservan.</translation>
    </message>
    <message>
        <source>The values as a Python list, as in torch.tensor(...): [0.1, 1.0, 0.0001], [[1, 2], [3, 4]], or a single number for a 0-d tensor.</source>
        <translation>Los valores como lista de Python, como en torch.tensor(...): [0.1, 1.0, 0.0001], [[1, 2], [3, 4]] o un solo número para un tensor 0-d.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a shape: type sizes separated by commas, such as 3 or 2, 3, or nothing for a single number.</source>
        <translation>«{text}» no es una forma: escribe tamaños separados por comas, como 3 o 2, 3, o nada para un solo número.</translation>
    </message>
    <message>
        <source>A tensor literal needs values: type a number or a list of numbers, such as [0.1, 1.0, 0.0001].</source>
        <translation>Un literal de tensor necesita valores: escribe un número o una lista de números, como [0.1, 1.0, 0.0001].</translation>
    </message>
    <message>
        <source>Every row of a tensor literal must have the same length, as PyTorch requires.</source>
        <translation>Todas las filas de un literal de tensor deben tener la misma longitud, como exige PyTorch.</translation>
    </message>
    <message>
        <source>one number (0-d)</source>
        <translation>un número (0-d)</translation>
    </message>
</context>
<context>
    <name>Keyboard</name>
    <message>
        <source>Graph canvas</source>
        <translation>Lienzo del grafo</translation>
    </message>
    <message>
        <source>{count} nodes. </source>
        <translation>{count} nodos. </translation>
    </message>
    <message>
        <source>{count} node. </source>
        <translation>{count} nodo. </translation>
    </message>
    <message>
        <source>Selected: {said}. </source>
        <translation>Seleccionado: {said}. </translation>
    </message>
    <message>
        <source>Nothing selected. </source>
        <translation>Nada seleccionado. </translation>
    </message>
    <message>
        <source>Arrow keys move between nodes, Tab adds one, Ctrl+K connects; the Graph as a List panel reads every node.</source>
        <translation>Las flechas se mueven entre nodos, Tab añade uno, Ctrl+K conecta; el panel Grafo como lista lee cada nodo.</translation>
    </message>
    <message>
        <source>Connect {v} to an input</source>
        <translation>Conectar {v} a una entrada</translation>
    </message>
    <message>
        <source>Connect {v} to</source>
        <translation>Conectar {v} a</translation>
    </message>
    <message>
        <source>   (now {v})</source>
        <translation>   (ahora {v})</translation>
    </message>
    <message>
        <source>No input can take it</source>
        <translation>Ninguna entrada puede recibirlo</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <source>Used from the next start of GradStudio</source>
        <translation>Se usa desde el próximo inicio de GradStudio</translation>
    </message>
    <message>
        <source>The language changes when GradStudio starts again.</source>
        <translation>El idioma cambia cuando GradStudio se inicie de nuevo.</translation>
    </message>
</context>
<context>
    <name>LessonMarkdown</name>
    <message>
        <source>[image: {alt}]</source>
        <translation>[imagen: {alt}]</translation>
    </message>
    <message>
        <source>[image]</source>
        <translation>[imagen]</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>No lesson for this graph: open a Jupyter notebook (.ipynb) with File ▸ Open to read it here cell by cell beside its graph.</source>
        <translation>No hay lección para este grafo: abre un notebook de Jupyter (.ipynb) con Archivo ▸ Abrir para leerlo aquí celda a celda junto a su grafo.</translation>
    </message>
    <message>
        <source>The graph has been edited since it was traced; the outputs below are those of the traced notebook.</source>
        <translation>El grafo se ha editado desde que se rastreó; las salidas de abajo son las del notebook rastreado.</translation>
    </message>
    <message>
        <source>differs from the notebook</source>
        <translation>difiere del notebook</translation>
    </message>
    <message>
        <source>This notebook never calls torch.manual_seed, so its own random numbers differ from run to run; GradStudio draws them with seed {seed} so the graph&apos;s numbers are reproducible. The stored outputs below come from the notebook&apos;s last run and may differ.</source>
        <translation>Este notebook nunca llama a torch.manual_seed, así que sus números aleatorios cambian de una ejecución a otra; GradStudio los genera con la semilla {seed} para que los números del grafo sean reproducibles. Las salidas guardadas de abajo vienen de la última ejecución del notebook y pueden diferir.</translation>
    </message>
    <message>
        <source>
… {more:,} more lines not shown</source>
        <translation>
… {more:,} líneas más sin mostrar</translation>
    </message>
    <message>
        <source>
… {more:,} more line not shown</source>
        <translation>
… {more:,} línea más sin mostrar</translation>
    </message>
    <message>
        <source>Click to select this cell&apos;s nodes and see the program at this cell&apos;s moment on the timeline</source>
        <translation>Haz clic para seleccionar los nodos de esta celda y ver el programa en el momento de esta celda en la línea de tiempo</translation>
    </message>
    <message>
        <source>Cell {v} · In [{v2}]:</source>
        <translation>Celda {v} · In [{v2}]:</translation>
    </message>
    <message>
        <source>The notebook&apos;s stored output:</source>
        <translation>La salida guardada del notebook:</translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(sin salida)</translation>
    </message>
    <message>
        <source>GradStudio&apos;s run:</source>
        <translation>Ejecución de GradStudio:</translation>
    </message>
    <message>
        <source>Output · GradStudio&apos;s run, the same as the notebook&apos;s:</source>
        <translation>Salida · ejecución de GradStudio, igual a la del notebook:</translation>
    </message>
    <message>
        <source>Output · GradStudio&apos;s run (the notebook stored none):</source>
        <translation>Salida · ejecución de GradStudio (el notebook no guardó ninguna):</translation>
    </message>
    <message>
        <source>Error in GradStudio&apos;s run:</source>
        <translation>Error en la ejecución de GradStudio:</translation>
    </message>
    <message>
        <source>Not run: {note}</source>
        <translation>No ejecutada: {note}</translation>
    </message>
    <message>
        <source>Previous cell</source>
        <translation>Celda anterior</translation>
    </message>
    <message>
        <source>The previous code cell ({PREVIOUS_CELL_KEY})</source>
        <translation>La celda de código anterior ({PREVIOUS_CELL_KEY})</translation>
    </message>
    <message>
        <source>Next cell</source>
        <translation>Celda siguiente</translation>
    </message>
    <message>
        <source>The next code cell: its nodes selected, the timeline at its moment ({NEXT_CELL_KEY})</source>
        <translation>La siguiente celda de código: sus nodos seleccionados, la línea de tiempo en su momento ({NEXT_CELL_KEY})</translation>
    </message>
    <message>
        <source>This notebook has no cells.</source>
        <translation>Este notebook no tiene celdas.</translation>
    </message>
    <message>
        <source>{n} code cells</source>
        <translation>{n} celdas de código</translation>
    </message>
    <message>
        <source>{n} code cell</source>
        <translation>{n} celda de código</translation>
    </message>
    <message>
        <source>cell {v} of {v2}</source>
        <translation>celda {v} de {v2}</translation>
    </message>
</context>
<context>
    <name>Live</name>
    <message>
        <source>Playing live: {done} of {count} iterations so far.</source>
        <translation>Reproducción en vivo: {done} de {count} iteraciones hasta ahora.</translation>
    </message>
    <message>
        <source>The update&apos;s learning rate cannot change in the middle of the loop: the document keeps the last one, lr = {lr}, for every iteration.</source>
        <translation>La tasa de aprendizaje de la actualización no puede cambiar en mitad del bucle: el documento conserva la última, lr = {lr}, para cada iteración.</translation>
    </message>
</context>
<context>
    <name>LiveBar</name>
    <message>
        <source>No loop to play: Add ▸ Train… in the timeline inserts one.</source>
        <translation>No hay bucle que reproducir: Añadir ▸ Entrenar… en la línea de tiempo inserta uno.</translation>
    </message>
    <message>
        <source>The live run was discarded: the document was edited.</source>
        <translation>Se descartó la ejecución en vivo: el documento se editó.</translation>
    </message>
    <message>
        <source>Kept: the document&apos;s loop is the run played.</source>
        <translation>Conservada: el bucle del documento es la ejecución reproducida.</translation>
    </message>
    <message>
        <source>Train live: run the loop iteration by iteration and watch every view follow (again to pause).</source>
        <translation>Entrenar en vivo: ejecutar el bucle iteración a iteración y ver cómo lo sigue cada vista (de nuevo para pausar).</translation>
    </message>
    <message>
        <source>One more iteration of the live run.</source>
        <translation>Una iteración más de la ejecución en vivo.</translation>
    </message>
    <message>
        <source>The learning rate: changed while the loop plays, it takes effect from the next iteration and is marked on the curves.</source>
        <translation>La tasa de aprendizaje: cambiada mientras el bucle se reproduce, rige desde la siguiente iteración y se marca en las curvas.</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>tasa de aprendizaje</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Conservar</translation>
    </message>
    <message>
        <source>Make the live run the document&apos;s loop (its learning-rate changes and the iterations played); undo takes it back.</source>
        <translation>Convertir la ejecución en vivo en el bucle del documento (sus cambios de tasa de aprendizaje y las iteraciones reproducidas); deshacer lo revierte.</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Drop the live run and go back to the document&apos;s own run.</source>
        <translation>Descartar la ejecución en vivo y volver a la ejecución propia del documento.</translation>
    </message>
    <message>
        <source>The live run: the iterations it ran of the loop&apos;s count. Paused or ended, scrub to inspect any iteration; Keep makes it the document&apos;s loop, Discard drops it.</source>
        <translation>La ejecución en vivo: las iteraciones que ejecutó del total del bucle. En pausa o terminada, desliza para inspeccionar cualquier iteración; Conservar la convierte en el bucle del documento, Descartar la elimina.</translation>
    </message>
    <message>
        <source>{tip} Key: {key}</source>
        <translation>{tip} Tecla: {key}</translation>
    </message>
    <message>
        <source>playing: {where}</source>
        <translation>reproduciendo: {where}</translation>
    </message>
    <message>
        <source>paused at {where}</source>
        <translation>en pausa en {where}</translation>
    </message>
    <message>
        <source>ended at {where}</source>
        <translation>terminada en {where}</translation>
    </message>
</context>
<context>
    <name>Loading</name>
    <message>
        <source>Reading “{name}”: {done:,} of {total:,} nodes and edges checked…</source>
        <translation>Leyendo «{name}»: {done:,} de {total:,} nodos y aristas comprobados…</translation>
    </message>
    <message>
        <source>Running “{name}”…</source>
        <translation>Ejecutando «{name}»…</translation>
    </message>
    <message>
        <source>Open Graph</source>
        <translation>Abrir grafo</translation>
    </message>
    <message>
        <source>Reading “{name}”…</source>
        <translation>Leyendo «{name}»…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Palette</source>
        <translation>Paleta</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspector</translation>
    </message>
    <message>
        <source>Autograd Graph</source>
        <translation>Grafo de autograd</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lección</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>PyTorch Code</source>
        <translation>Código PyTorch</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Entrenamiento</translation>
    </message>
    <message>
        <source>Step Through Backward</source>
        <translation>Backward paso a paso</translation>
    </message>
    <message>
        <source>Jacobian and Gradient Check</source>
        <translation>Jacobiana y comprobación de gradientes</translation>
    </message>
    <message>
        <source>{what} failed</source>
        <translation>{what} falló</translation>
    </message>
    <message>
        <source>{what} failed: {detail}</source>
        <translation>{what} falló: {detail}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Cambios sin guardar</translation>
    </message>
    <message>
        <source>Save the changes to “{name}” before closing it?</source>
        <translation>¿Guardar los cambios de «{name}» antes de cerrarlo?</translation>
    </message>
    <message>
        <source>{n} nodes</source>
        <translation>{n} nodos</translation>
    </message>
    <message>
        <source>{n} node</source>
        <translation>{n} nodo</translation>
    </message>
    <message>
        <source>{a} actions</source>
        <translation>{a} acciones</translation>
    </message>
    <message>
        <source>{a} action</source>
        <translation>{a} acción</translation>
    </message>
    <message>
        <source>{errors} errors</source>
        <translation>{errors} errores</translation>
    </message>
    <message>
        <source>{errors} error</source>
        <translation>{errors} error</translation>
    </message>
    <message>
        <source>runs cleanly</source>
        <translation>se ejecuta sin errores</translation>
    </message>
    <message>
        <source>No backward pass to step through: add a backward() action first (Ctrl+B).</source>
        <translation>No hay pase hacia atrás que recorrer: añade primero una acción backward() (Ctrl+B).</translation>
    </message>
    <message>
        <source>Export Step-Through Frames</source>
        <translation>Exportar las imágenes del paso a paso</translation>
    </message>
    <message>
        <source>Saved {v} frames in {folder}</source>
        <translation>{v} imágenes guardadas en {folder}</translation>
    </message>
    <message>
        <source>A window shows one graph, so {names} was not opened; use File ▸ Open for it.</source>
        <translation>Una ventana muestra un grafo, así que {names} no se abrió; usa Archivo ▸ Abrir para ello.</translation>
    </message>
    <message>
        <source>A window shows one graph, so {names} were not opened; use File ▸ Open for them.</source>
        <translation>Una ventana muestra un grafo, así que {names} no se abrieron; usa Archivo ▸ Abrir para ellos.</translation>
    </message>
</context>
<context>
    <name>Model</name>
    <message>
        <source>There is no node &apos;{node_id}&apos;.</source>
        <translation>No hay ningún nodo &apos;{node_id}&apos;.</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a kind of node GradStudio knows.</source>
        <translation>&apos;{kind}&apos; no es un tipo de nodo que GradStudio conozca.</translation>
    </message>
    <message>
        <source>A node with id &apos;{node_id}&apos; already exists.</source>
        <translation>Ya existe un nodo con el id &apos;{node_id}&apos;.</translation>
    </message>
    <message>
        <source>A recorded value&apos;s line must be a line number.</source>
        <translation>La línea de un valor grabado debe ser un número de línea.</translation>
    </message>
    <message>
        <source>Disconnect input &apos;{port}&apos; before lowering the number of inputs.</source>
        <translation>Desconecta la entrada &apos;{port}&apos; antes de reducir el número de entradas.</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; has no input named &apos;{port}&apos;.</source>
        <translation>&apos;{value}&apos; no tiene ninguna entrada llamada &apos;{port}&apos;.</translation>
    </message>
    <message>
        <source>Connecting &apos;{value}&apos; to &apos;{value2}&apos; would make a cycle: a tensor cannot depend on itself.</source>
        <translation>Conectar &apos;{value}&apos; a &apos;{value2}&apos; formaría un ciclo: un tensor no puede depender de sí mismo.</translation>
    </message>
    <message>
        <source>A region with id &apos;{region_id}&apos; already exists.</source>
        <translation>Ya existe una región con el id &apos;{region_id}&apos;.</translation>
    </message>
    <message>
        <source>There is no region &apos;{region_id}&apos;.</source>
        <translation>No hay ninguna región &apos;{region_id}&apos;.</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a timeline action. Use one of: {value}.</source>
        <translation>&apos;{kind}&apos; no es una acción de la línea de tiempo. Usa una de: {value}.</translation>
    </message>
    <message>
        <source>An action with id &apos;{id}&apos; already exists.</source>
        <translation>Ya existe una acción con el id &apos;{id}&apos;.</translation>
    </message>
    <message>
        <source>There is no timeline action &apos;{action_id}&apos;.</source>
        <translation>No hay ninguna acción &apos;{action_id}&apos; en la línea de tiempo.</translation>
    </message>
    <message>
        <source>A position is a pair of numbers (x, y).</source>
        <translation>Una posición es un par de números (x, y).</translation>
    </message>
    <message>
        <source>A position must be a finite pair of numbers within ±1e9.</source>
        <translation>Una posición debe ser un par de números finitos dentro de ±1e9.</translation>
    </message>
    <message>
        <source>&apos;{label}&apos; cannot be a name: use letters, digits and _, not starting with a digit (at most 64 characters).</source>
        <translation>&apos;{label}&apos; no puede ser un nombre: usa letras, dígitos y _, sin empezar por un dígito (como mucho 64 caracteres).</translation>
    </message>
    <message>
        <source>{said} is reserved in Python; choose another name.</source>
        <translation>{said} está reservado en Python; elige otro nombre.</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 2**63 - 1, or none.</source>
        <translation>La semilla debe ser un número entero de 0 a 2**63 - 1, o ninguna.</translation>
    </message>
</context>
<context>
    <name>NodeSearch</name>
    <message>
        <source>{kind} · retain_grad</source>
        <translation>{kind} · retain_grad</translation>
    </message>
    <message>
        <source>Find node: name, kind or grad_fn…</source>
        <translation>Buscar nodo: nombre, tipo o grad_fn…</translation>
    </message>
    <message>
        <source>No node matches “{v}”.</source>
        <translation>Ningún nodo coincide con «{v}».</translation>
    </message>
    <message>
        <source>The graph has no nodes yet.</source>
        <translation>El grafo aún no tiene nodos.</translation>
    </message>
</context>
<context>
    <name>Notebook</name>
    <message>
        <source>{name} has {count:,} cells; GradStudio reads notebooks of up to {MAX_CELLS:,}.</source>
        <translation>{name} tiene {count:,} celdas; GradStudio lee notebooks de hasta {MAX_CELLS:,}.</translation>
    </message>
    <message>
        <source>{name} is larger than {MAX_NOTEBOOK_BYTES} MB, the most GradStudio reads as a notebook.</source>
        <translation>{name} ocupa más de {MAX_NOTEBOOK_BYTES} MB, lo máximo que GradStudio lee como notebook.</translation>
    </message>
    <message>
        <source>{name} is not UTF-8 text, so it is not a Jupyter notebook.</source>
        <translation>{name} no es texto UTF-8, así que no es un notebook de Jupyter.</translation>
    </message>
    <message>
        <source>{name} is nested more than {MAX_DEPTH} levels deep; it is not a Jupyter notebook.</source>
        <translation>{name} está anidado a más de {MAX_DEPTH} niveles; no es un notebook de Jupyter.</translation>
    </message>
    <message>
        <source>{name} is not valid JSON{where}, so it is not a Jupyter notebook.</source>
        <translation>{name} no es JSON válido{where}, así que no es un notebook de Jupyter.</translation>
    </message>
    <message>
        <source>{name} is JSON but not a Jupyter notebook (it has no cells).</source>
        <translation>{name} es JSON pero no un notebook de Jupyter (no tiene celdas).</translation>
    </message>
    <message>
        <source>{name} is a notebook in format {version!r}; GradStudio reads format 4 (Jupyter&apos;s since 2015). Open it in Jupyter and save it again to convert it.</source>
        <translation>{name} es un notebook en formato {version!r}; GradStudio lee el formato 4 (el de Jupyter desde 2015). Ábrelo en Jupyter y guárdalo de nuevo para convertirlo.</translation>
    </message>
    <message>
        <source>{name} is not a valid format 4 notebook: {detail}.</source>
        <translation>{name} no es un notebook válido de formato 4: {detail}.</translation>
    </message>
    <message>
        <source>cell {k} of {name} holds {count:,} characters; GradStudio reads cells of up to {MAX_CELL_CHARS:,}.</source>
        <translation>la celda {k} de {name} contiene {count:,} caracteres; GradStudio lee celdas de hasta {MAX_CELL_CHARS:,}.</translation>
    </message>
    <message>
        <source>{name} holds more than {MAX_TEXT_CHARS} MB of cell text; GradStudio reads notebooks of up to that.</source>
        <translation>{name} contiene más de {MAX_TEXT_CHARS} MB de texto en celdas; GradStudio lee notebooks de hasta ese tamaño.</translation>
    </message>
    <message>
        <source>{name} has more than {MAX_CODE_CHARS} MB of code; trace a shorter notebook.</source>
        <translation>{name} tiene más de {MAX_CODE_CHARS} MB de código; rastrea un notebook más corto.</translation>
    </message>
</context>
<context>
    <name>NotebookTrace</name>
    <message>
        <source>{place} fails in GradStudio but would run under PyTorch ({text}): the graph and its export leave out what that cell computes.</source>
        <translation>{place} falla en GradStudio pero se ejecutaría con PyTorch ({text}): el grafo y su exportación omiten lo que calcula esa celda.</translation>
    </message>
    <message>
        <source>{count} more cells fail the same way.</source>
        <translation>{count} celdas más fallan de la misma manera.</translation>
    </message>
    <message>
        <source>{name} is assigned in cell {cell}, line {line} by IPython syntax, which GradStudio does not run</source>
        <translation>{name} se asigna en la celda {cell}, línea {line} mediante sintaxis de IPython, que GradStudio no ejecuta</translation>
    </message>
</context>
<context>
    <name>Notes</name>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Markdown text of the note (**bold**, *italic*, `code`, lists, # headings):</source>
        <translation>Texto Markdown de la nota (**negrita**, *cursiva*, `código`, listas, # títulos):</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Añadir nota</translation>
    </message>
    <message>
        <source>A note: drag to move, drag the corner to resize, double-click to edit; ◉/○ in its header pins it to the selected node or frees it; × deletes it.</source>
        <translation>Una nota: arrastra para moverla, arrastra la esquina para cambiar su tamaño, doble clic para editarla; ◉/○ en su cabecera la fija al nodo seleccionado o la libera; × la elimina.</translation>
    </message>
    <message>
        <source>Move note</source>
        <translation>Mover nota</translation>
    </message>
    <message>
        <source>Resize note</source>
        <translation>Cambiar el tamaño de la nota</translation>
    </message>
    <message>
        <source>Delete note</source>
        <translation>Eliminar nota</translation>
    </message>
    <message>
        <source>Edit note</source>
        <translation>Editar nota</translation>
    </message>
    <message>
        <source>Unpin note</source>
        <translation>Soltar nota</translation>
    </message>
    <message>
        <source>Pin note</source>
        <translation>Fijar nota</translation>
    </message>
</context>
<context>
    <name>OpSettings</name>
    <message>
        <source>a new order every epoch</source>
        <translation>un orden nuevo en cada época</translation>
    </message>
    <message>
        <source>a target class that is skipped</source>
        <translation>una clase objetivo que se omite</translation>
    </message>
    <message>
        <source>above beta * x &gt; threshold, x itself</source>
        <translation>por encima de beta * x &gt; threshold, el propio x</translation>
    </message>
    <message>
        <source>added to the variance before its square root</source>
        <translation>sumado a la varianza antes de su raíz cuadrada</translation>
    </message>
    <message>
        <source>at or below it, x becomes value</source>
        <translation>en él o por debajo, x pasa a ser value</translation>
    </message>
    <message>
        <source>columns, when not n</source>
        <translation>columnas, si no son n</translation>
    </message>
    <message>
        <source>count the padding&apos;s zeros in each window&apos;s mean</source>
        <translation>contar los ceros del relleno en la media de cada ventana</translation>
    </message>
    <message>
        <source>def backward(ctx, grad_output): the gradient of each input</source>
        <translation>def backward(ctx, grad_output): el gradiente de cada entrada</translation>
    </message>
    <message>
        <source>def forward(ctx, ...): the output from the inputs</source>
        <translation>def forward(ctx, ...): la salida a partir de las entradas</translation>
    </message>
    <message>
        <source>digits after the point (negative: before)</source>
        <translation>dígitos tras el punto decimal (negativo: antes)</translation>
    </message>
    <message>
        <source>dimension to add up along</source>
        <translation>dimensión a lo largo de la que sumar</translation>
    </message>
    <message>
        <source>dimension(s) to reduce; None for all</source>
        <translation>dimensión(es) a reducir; None para todas</translation>
    </message>
    <message>
        <source>dimension(s), or None for all</source>
        <translation>dimensión(es), o None para todas</translation>
    </message>
    <message>
        <source>dimension, or None for all</source>
        <translation>dimensión, o None para todas</translation>
    </message>
    <message>
        <source>divide each window&apos;s sum by this number instead of its size</source>
        <translation>dividir la suma de cada ventana entre este número en lugar de su tamaño</translation>
    </message>
    <message>
        <source>element type (default float32)</source>
        <translation>tipo de elemento (por defecto float32)</translation>
    </message>
    <message>
        <source>element type (default int64)</source>
        <translation>tipo de elemento (por defecto int64)</translation>
    </message>
    <message>
        <source>g.manual_seed(n) just before this draw (a new generator: torch.Generator().manual_seed(n); without a number, generator 1&apos;s); empty: none</source>
        <translation>g.manual_seed(n) justo antes de este sorteo (un generador nuevo: torch.Generator().manual_seed(n); sin número, el del generador 1); vacío: ninguno</translation>
    </message>
    <message>
        <source>how far a training step moves the running averages toward the batch&apos;s statistics</source>
        <translation>cuánto acerca un paso de entrenamiento las medias móviles a las estadísticas del lote</translation>
    </message>
    <message>
        <source>how far to move along each dimension</source>
        <translation>cuánto desplazar a lo largo de cada dimensión</translation>
    </message>
    <message>
        <source>how far towards end</source>
        <translation>cuánto hacia end</translation>
    </message>
    <message>
        <source>how many</source>
        <translation>cuántos</translation>
    </message>
    <message>
        <source>how many blobs (classes)</source>
        <translation>cuántas nubes (clases)</translation>
    </message>
    <message>
        <source>how many copies along each dimension</source>
        <translation>cuántas copias a lo largo de cada dimensión</translation>
    </message>
    <message>
        <source>how many groups the channels are cut into</source>
        <translation>en cuántos grupos se dividen los canales</translation>
    </message>
    <message>
        <source>how many numbers</source>
        <translation>cuántos números</translation>
    </message>
    <message>
        <source>how many points (rows)</source>
        <translation>cuántos puntos (filas)</translation>
    </message>
    <message>
        <source>how many rows the dataset has</source>
        <translation>cuántas filas tiene el conjunto de datos</translation>
    </message>
    <message>
        <source>how much of the target is spread evenly over the classes (0: none)</source>
        <translation>cuánto del objetivo se reparte por igual entre las clases (0: nada)</translation>
    </message>
    <message>
        <source>how the elements meeting at one position are combined</source>
        <translation>cómo se combinan los elementos que coinciden en una posición</translation>
    </message>
    <message>
        <source>how the quotient is rounded</source>
        <translation>cómo se redondea el cociente</translation>
    </message>
    <message>
        <source>how the value is kept: loss.item(), float(loss) or loss.detach()</source>
        <translation>cómo se guarda el valor: loss.item(), float(loss) o loss.detach()</translation>
    </message>
    <message>
        <source>in order</source>
        <translation>en orden</translation>
    </message>
    <message>
        <source>its backward is marked @once_differentiable: it runs without recording, and differentiating what it returned again raises an error</source>
        <translation>su backward está marcado con @once_differentiable: se ejecuta sin registrar, y derivar otra vez lo que devolvió lanza un error</translation>
    </message>
    <message>
        <source>keep .grad once the gradient is added to it (register_post_accumulate_grad_hook)</source>
        <translation>guardar .grad una vez que se le suma el gradiente (register_post_accumulate_grad_hook)</translation>
    </message>
    <message>
        <source>keep equal elements in their order (None: not given, PyTorch&apos;s other overload)</source>
        <translation>mantener en su orden los elementos iguales (None: sin indicar, la otra sobrecarga de PyTorch)</translation>
    </message>
    <message>
        <source>keep reduced dimensions with size 1</source>
        <translation>conservar las dimensiones reducidas con tamaño 1</translation>
    </message>
    <message>
        <source>keep the reduced dimensions with size 1</source>
        <translation>conservar las dimensiones reducidas con tamaño 1</translation>
    </message>
    <message>
        <source>keep y&apos;s graph for later backward passes (with create_graph it is kept anyway)</source>
        <translation>conservar el grafo de y para pases hacia atrás posteriores (con create_graph se conserva de todos modos)</translation>
    </message>
    <message>
        <source>largest first</source>
        <translation>los mayores primero</translation>
    </message>
    <message>
        <source>leave out a last batch smaller than batch_size</source>
        <translation>omitir un último lote menor que batch_size</translation>
    </message>
    <message>
        <source>mean: the average of the squared differences; sum: their total; none: one per element</source>
        <translation>mean: la media de las diferencias al cuadrado; sum: su total; none: una por elemento</translation>
    </message>
    <message>
        <source>mean: the average over the elements; sum: their total; none: one loss per element</source>
        <translation>mean: la media sobre los elementos; sum: su total; none: una pérdida por elemento</translation>
    </message>
    <message>
        <source>mean: the average over the targets that count; sum: their total; none: one loss per target</source>
        <translation>mean: la media sobre los objetivos que cuentan; sum: su total; none: una pérdida por objetivo</translation>
    </message>
    <message>
        <source>multiplier of other</source>
        <translation>multiplicador de other</translation>
    </message>
    <message>
        <source>multiplier of the product (quotient)</source>
        <translation>multiplicador del producto (cociente)</translation>
    </message>
    <message>
        <source>none: x * Phi(x) exactly; tanh: PyTorch&apos;s tanh approximation</source>
        <translation>none: x * Phi(x) exacto; tanh: la aproximación tanh de PyTorch</translation>
    </message>
    <message>
        <source>normalize with the batch&apos;s own mean and variance (and move the running averages toward them), else with running_mean and running_var</source>
        <translation>normalizar con la media y la varianza del propio lote (y acercarles las medias móviles); si no, con running_mean y running_var</translation>
    </message>
    <message>
        <source>number of inputs</source>
        <translation>número de entradas</translation>
    </message>
    <message>
        <source>numbers passed to apply after the tensors (its backward returns None for each)</source>
        <translation>números que se pasan a apply después de los tensores (su backward devuelve None para cada uno)</translation>
    </message>
    <message>
        <source>one more than the largest number drawn</source>
        <translation>uno más que el mayor número sorteado</translation>
    </message>
    <message>
        <source>order of the norm</source>
        <translation>orden de la norma</translation>
    </message>
    <message>
        <source>record the gradient&apos;s own graph, to differentiate it again</source>
        <translation>registrar el propio grafo del gradiente, para derivarlo de nuevo</translation>
    </message>
    <message>
        <source>round the output&apos;s size up instead of down</source>
        <translation>redondear el tamaño de la salida hacia arriba en lugar de hacia abajo</translation>
    </message>
    <message>
        <source>rows and columns</source>
        <translation>filas y columnas</translation>
    </message>
    <message>
        <source>rows per batch</source>
        <translation>filas por lote</translation>
    </message>
    <message>
        <source>self&apos;s own value takes part</source>
        <translation>el propio valor de self participa</translation>
    </message>
    <message>
        <source>size of each dimension</source>
        <translation>tamaño de cada dimensión</translation>
    </message>
    <message>
        <source>subtracted from the count: 1 (Bessel&apos;s) for a sample, 0 for the whole population</source>
        <translation>restado del recuento: 1 (Bessel) para una muestra, 0 para toda la población</translation>
    </message>
    <message>
        <source>the Function&apos;s class name; its grad_fn is &lt;NameBackward&gt;</source>
        <translation>el nombre de clase de la Function; su grad_fn es &lt;NameBackward&gt;</translation>
    </message>
    <message>
        <source>the channels split into this many groups, each convolved on its own</source>
        <translation>los canales divididos en este número de grupos, cada uno convolucionado por separado</translation>
    </message>
    <message>
        <source>the dimension of length 3</source>
        <translation>la dimensión de longitud 3</translation>
    </message>
    <message>
        <source>the dimension the index runs along</source>
        <translation>la dimensión a lo largo de la que corre el índice</translation>
    </message>
    <message>
        <source>the dimension to select along</source>
        <translation>la dimensión a lo largo de la que se elige</translation>
    </message>
    <message>
        <source>the dimension to sort along</source>
        <translation>la dimensión a lo largo de la que ordenar</translation>
    </message>
    <message>
        <source>the dimensions (none: the flattened tensor)</source>
        <translation>las dimensiones (ninguna: el tensor aplanado)</translation>
    </message>
    <message>
        <source>the dimensions to act on</source>
        <translation>las dimensiones sobre las que actuar</translation>
    </message>
    <message>
        <source>the dimensions to reduce (all by default)</source>
        <translation>las dimensiones a reducir (todas por defecto)</translation>
    </message>
    <message>
        <source>the divisor</source>
        <translation>el divisor</translation>
    </message>
    <message>
        <source>the factor of batch1 @ batch2</source>
        <translation>el factor de batch1 @ batch2</translation>
    </message>
    <message>
        <source>the factor of mat1 @ mat2</source>
        <translation>el factor de mat1 @ mat2</translation>
    </message>
    <message>
        <source>the factor of self</source>
        <translation>el factor de self</translation>
    </message>
    <message>
        <source>the factor source is multiplied by</source>
        <translation>el factor por el que se multiplica source</translation>
    </message>
    <message>
        <source>the half-width of the band set to zero</source>
        <translation>la semianchura de la banda que se pone a cero</translation>
    </message>
    <message>
        <source>the largest (else the smallest)</source>
        <translation>los mayores (si no, los menores)</translation>
    </message>
    <message>
        <source>the largest slope left of zero</source>
        <translation>la mayor pendiente a la izquierda de cero</translation>
    </message>
    <message>
        <source>the line&apos;s slope</source>
        <translation>la pendiente de la recta</translation>
    </message>
    <message>
        <source>the line&apos;s value at x = 0</source>
        <translation>el valor de la recta en x = 0</translation>
    </message>
    <message>
        <source>the list a collect node appends to</source>
        <translation>la lista a la que añade un nodo collect</translation>
    </message>
    <message>
        <source>the list it appends to, made before the program (losses = [])</source>
        <translation>la lista a la que añade, creada antes del programa (losses = [])</translation>
    </message>
    <message>
        <source>the list it keeps into, made before the program</source>
        <translation>la lista en la que guarda, creada antes del programa</translation>
    </message>
    <message>
        <source>the list the hook keeps into</source>
        <translation>la lista en la que guarda el hook</translation>
    </message>
    <message>
        <source>the lower limit</source>
        <translation>el límite inferior</translation>
    </message>
    <message>
        <source>the name of its handle, for a remove step (h.remove()); none when it stays</source>
        <translation>el nombre de su handle, para un paso de quitar (h.remove()); ninguno si se queda</translation>
    </message>
    <message>
        <source>the number on the left</source>
        <translation>el número de la izquierda</translation>
    </message>
    <message>
        <source>the number written when &apos;value&apos; is not connected</source>
        <translation>el número que se escribe cuando &apos;value&apos; no está conectado</translation>
    </message>
    <message>
        <source>the numbers, as nested lists</source>
        <translation>los números, como listas anidadas</translation>
    </message>
    <message>
        <source>the padding added on both sides (at most half a window)</source>
        <translation>el relleno añadido a ambos lados (como mucho media ventana)</translation>
    </message>
    <message>
        <source>the probability of an element being zeroed, from 0 to 1</source>
        <translation>la probabilidad de que un elemento se ponga a cero, de 0 a 1</translation>
    </message>
    <message>
        <source>the row that gets no gradient (-1: none)</source>
        <translation>la fila que no recibe gradiente (-1: ninguna)</translation>
    </message>
    <message>
        <source>the rows: the features, then the label</source>
        <translation>las filas: las características y luego la etiqueta</translation>
    </message>
    <message>
        <source>the seed of the loader&apos;s own torch.Generator; empty: it draws from the global one</source>
        <translation>la semilla del torch.Generator propio del loader; vacío: extrae del global</translation>
    </message>
    <message>
        <source>the seed of the split&apos;s own generator, which shuffles the rows before the test rows are taken from the end</source>
        <translation>la semilla del generador propio de la división, que baraja las filas antes de tomar del final las filas de prueba</translation>
    </message>
    <message>
        <source>the share of the points held out as a test set, from 0 (none) to 0.9: the model trains on the rest; the Data panel draws the test points hollow</source>
        <translation>la proporción de puntos reservada como conjunto de prueba, de 0 (ninguno) a 0.9: el modelo entrena con el resto; el panel Datos dibuja huecos los puntos de prueba</translation>
    </message>
    <message>
        <source>the sharpness of the bend</source>
        <translation>la brusquedad de la curva</translation>
    </message>
    <message>
        <source>the size of each window</source>
        <translation>el tamaño de cada ventana</translation>
    </message>
    <message>
        <source>the size of the output: windows that tile the input</source>
        <translation>el tamaño de la salida: ventanas que cubren la entrada</translation>
    </message>
    <message>
        <source>the slope left of zero</source>
        <translation>la pendiente a la izquierda de cero</translation>
    </message>
    <message>
        <source>the smallest number drawn</source>
        <translation>el menor número sorteado</translation>
    </message>
    <message>
        <source>the smallest slope left of zero</source>
        <translation>la menor pendiente a la izquierda de cero</translation>
    </message>
    <message>
        <source>the spacing between a window&apos;s elements</source>
        <translation>la separación entre los elementos de una ventana</translation>
    </message>
    <message>
        <source>the spacing between the kernel&apos;s elements</source>
        <translation>la separación entre los elementos del núcleo</translation>
    </message>
    <message>
        <source>the standard deviation of the Gaussian noise added to each point</source>
        <translation>la desviación típica del ruido gaussiano que se suma a cada punto</translation>
    </message>
    <message>
        <source>the step between the kernel&apos;s places</source>
        <translation>el paso entre las posiciones del núcleo</translation>
    </message>
    <message>
        <source>the step between windows (None: the window&apos;s size)</source>
        <translation>el paso entre ventanas (None: el tamaño de la ventana)</translation>
    </message>
    <message>
        <source>the torch.Generator it draws from, by number (the sources with one number share its stream); empty: the global one</source>
        <translation>el torch.Generator del que saca números, por número (las fuentes con un mismo número comparten su flujo); vacío: el global</translation>
    </message>
    <message>
        <source>the trailing dimensions normalized together</source>
        <translation>las dimensiones finales que se normalizan juntas</translation>
    </message>
    <message>
        <source>the upper limit</source>
        <translation>el límite superior</translation>
    </message>
    <message>
        <source>the value the curve approaches far left of zero</source>
        <translation>el valor al que se acerca la curva muy a la izquierda de cero</translation>
    </message>
    <message>
        <source>the zeros added on both sides of every dimension</source>
        <translation>los ceros añadidos a ambos lados de cada dimensión</translation>
    </message>
    <message>
        <source>torch.manual_seed(n) just before the data is drawn; empty: none (it continues from the graph&apos;s seed)</source>
        <translation>torch.manual_seed(n) justo antes de sortear los datos; vacío: ninguno (continúa desde la semilla del grafo)</translation>
    </message>
    <message>
        <source>torch.manual_seed(n) just before this draw; empty: none (the draw continues from the graph&apos;s seed)</source>
        <translation>torch.manual_seed(n) justo antes de este sorteo; vacío: ninguno (el sorteo continúa desde la semilla del grafo)</translation>
    </message>
    <message>
        <source>torch.tensor of numbers, torch.stack of tensors</source>
        <translation>torch.tensor de números, torch.stack de tensores</translation>
    </message>
    <message>
        <source>track operations for autograd</source>
        <translation>seguir las operaciones para autograd</translation>
    </message>
    <message>
        <source>used elsewhere when &apos;other&apos; is not connected</source>
        <translation>se usa en el resto cuando &apos;other&apos; no está conectado</translation>
    </message>
    <message>
        <source>used when &apos;exponent&apos; is not connected</source>
        <translation>se usa cuando &apos;exponent&apos; no está conectado</translation>
    </message>
    <message>
        <source>used when &apos;other&apos; is not connected</source>
        <translation>se usa cuando &apos;other&apos; no está conectado</translation>
    </message>
    <message>
        <source>used where the condition holds when &apos;input&apos; is not connected</source>
        <translation>se usa donde se cumple la condición cuando &apos;input&apos; no está conectado</translation>
    </message>
    <message>
        <source>what draws the batches: a DataLoader over the rows, an epoch&apos;s permutation sliced (perm = torch.randperm(size); perm[i:i + batch_size]), or a DataLoader given sampler=SubsetRandomSampler (the seed is then the sampler&apos;s generator&apos;s)</source>
        <translation>qué extrae los lotes: un DataLoader sobre las filas, la permutación de una época cortada en trozos (perm = torch.randperm(size); perm[i:i + batch_size]), o un DataLoader con sampler=SubsetRandomSampler (la semilla es entonces la del generador del sampler)</translation>
    </message>
    <message>
        <source>what goes inside [ ]: i and j are the tensors on those ports</source>
        <translation>lo que va dentro de [ ]: i y j son los tensores de esas entradas</translation>
    </message>
    <message>
        <source>what it prints of grad, the .grad after the backward added to it: print(...)</source>
        <translation>lo que imprime de grad, el .grad después de que el backward le sumó: print(...)</translation>
    </message>
    <message>
        <source>what replaces x at or below the threshold</source>
        <translation>lo que sustituye a x en el umbral o por debajo</translation>
    </message>
    <message>
        <source>what the gradient becomes: an expression of grad, or print(...) of it</source>
        <translation>en qué se convierte el gradiente: una expresión de grad, o print(...) de él</translation>
    </message>
    <message>
        <source>what the hook keeps: an expression of grad such as grad.clone()</source>
        <translation>lo que guarda el hook: una expresión de grad como grad.clone()</translation>
    </message>
    <message>
        <source>where the squared part ends</source>
        <translation>dónde termina la parte cuadrática</translation>
    </message>
    <message>
        <source>which diagonal: 0 the main one, &gt;0 above, &lt;0 below</source>
        <translation>qué diagonal: 0 la principal, &gt;0 por encima, &lt;0 por debajo</translation>
    </message>
    <message>
        <source>which kept value: 0 for the first</source>
        <translation>qué valor guardado: 0 para el primero</translation>
    </message>
    <message>
        <source>which loader it draws from (the nodes of one loader share its batches)</source>
        <translation>de qué loader extrae (los nodos de un loader comparten sus lotes)</translation>
    </message>
    <message>
        <source>which norm</source>
        <translation>qué norma</translation>
    </message>
    <message>
        <source>which output of the Function: 1 is the second, 2 the third ...</source>
        <translation>qué salida de la Function: 1 es la segunda, 2 la tercera ...</translation>
    </message>
    <message>
        <source>which smallest (1: the smallest)</source>
        <translation>qué menor (1: el menor)</translation>
    </message>
    <message>
        <source>whose sign</source>
        <translation>cuyo signo</translation>
    </message>
    <message>
        <source>write into the input tensor itself, as PyTorch does (the input&apos;s node then shows the written values too), instead of into a copy of it</source>
        <translation>escribir en el propio tensor de entrada, como hace PyTorch (el nodo de la entrada muestra entonces también los valores escritos), en lugar de en una copia</translation>
    </message>
</context>
<context>
    <name>Ops</name>
    <message>
        <source>0 where -lambd &lt;= x &lt;= lambd, else x.</source>
        <translation>0 donde -lambd &lt;= x &lt;= lambd; si no, x.</translation>
    </message>
    <message>
        <source>1 / sqrt of every element.</source>
        <translation>1 / sqrt de cada elemento.</translation>
    </message>
    <message>
        <source>1 / x for every element.</source>
        <translation>1 / x para cada elemento.</translation>
    </message>
    <message>
        <source>2 to the power of every element.</source>
        <translation>2 elevado a cada elemento.</translation>
    </message>
    <message>
        <source>A 1-d convolution, as nn.Conv1d computes it: each output channel is the weighted sum of the input&apos;s windows, plus its bias.</source>
        <translation>Una convolución 1-d, como la calcula nn.Conv1d: cada canal de salida es la suma ponderada de las ventanas de la entrada, más su sesgo.</translation>
    </message>
    <message>
        <source>A 2-d convolution, as nn.Conv2d computes it: each output channel is the weighted sum of the input&apos;s patches, plus its bias.</source>
        <translation>Una convolución 2-d, como la calcula nn.Conv2d: cada canal de salida es la suma ponderada de los parches de la entrada, más su sesgo.</translation>
    </message>
    <message>
        <source>A circle of radius 1 (class 0) around one of radius 0.5 (class 1): a boundary that closes on itself. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Un círculo de radio 1 (clase 0) alrededor de otro de radio 0.5 (clase 1): una frontera que se cierra sobre sí misma. Un tensor (n, 3): las características y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>A copy of self with src&apos;s elements combined (sum, prod, mean, amax or amin) into the positions index names along dim.</source>
        <translation>Una copia de self con los elementos de src combinados (sum, prod, mean, amax o amin) en las posiciones que index indica a lo largo de dim.</translation>
    </message>
    <message>
        <source>A copy that stays in the graph.</source>
        <translation>Una copia que se queda en el grafo.</translation>
    </message>
    <message>
        <source>A copy with source&apos;s slices added at the positions index lists along dim.</source>
        <translation>Una copia con los cortes de source sumados en las posiciones que enumera index a lo largo de dim.</translation>
    </message>
    <message>
        <source>A copy with src&apos;s elements added at the positions index names along dim.</source>
        <translation>Una copia con los elementos de src sumados en las posiciones que indica index a lo largo de dim.</translation>
    </message>
    <message>
        <source>A copy with src&apos;s elements written at the positions index names along dim.</source>
        <translation>Una copia con los elementos de src escritos en las posiciones que indica index a lo largo de dim.</translation>
    </message>
    <message>
        <source>A copy with value written at the positions index names along dim.</source>
        <translation>Una copia con value escrito en las posiciones que indica index a lo largo de dim.</translation>
    </message>
    <message>
        <source>A custom autograd.Function of your own, MyReLU.apply(x): its forward computes the output from the inputs (and saves what backward needs with ctx.save_for_backward); its backward computes each input&apos;s gradient from grad_output. Both are written with tensor operations such as clamp, exp and mul.</source>
        <translation>Una autograd.Function propia, MyReLU.apply(x): su forward calcula la salida a partir de las entradas (y guarda con ctx.save_for_backward lo que backward necesita); su backward calcula el gradiente de cada entrada a partir de grad_output. Ambos se escriben con operaciones de tensores como clamp, exp y mul.</translation>
    </message>
    <message>
        <source>A hook that keeps the gradient flowing back into a tensor, as y.register_hook(lambda grad: grads.append(grad)) does, to look at it after the backward (a kept_grad node); the gradient is not changed.</source>
        <translation>Un hook que guarda el gradiente que vuelve a un tensor, como hace y.register_hook(lambda grad: grads.append(grad)), para verlo después del backward (un nodo kept_grad); el gradiente no cambia.</translation>
    </message>
    <message>
        <source>A linear layer: input @ weight.T + bias, as nn.Linear computes it (AddmmBackward0 for a matrix of inputs); weight and bias are leaves you train.</source>
        <translation>Una capa lineal: input @ weight.T + bias, como la calcula nn.Linear (AddmmBackward0 para una matriz de entradas); weight y bias son hojas que entrenas.</translation>
    </message>
    <message>
        <source>A new leaf sharing the same values, cut from the graph: no gradient flows back through it.</source>
        <translation>Una hoja nueva que comparte los mismos valores, separada del grafo: ningún gradiente fluye hacia atrás a través de ella.</translation>
    </message>
    <message>
        <source>A noisy line for regression: x in [-1, 1), target slope x + intercept plus noise. An (n, 2) tensor: the features, then the label or target in the last column.</source>
        <translation>Una recta con ruido para regresión: x en [-1, 1), objetivo slope x + intercept más ruido. Un tensor (n, 2): las características y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>A noisy sine wave for regression: x in [-π, π), target sin x plus noise. An (n, 2) tensor: the features, then the label or target in the last column.</source>
        <translation>Una onda senoidal con ruido para regresión: x en [-π, π), objetivo sin x más ruido. Un tensor (n, 2): las características y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>A number divided by a tensor, rounded down (PyTorch has no gradient for it).</source>
        <translation>Un número dividido entre un tensor, redondeado hacia abajo (PyTorch no tiene gradiente para ello).</translation>
    </message>
    <message>
        <source>A number minus a tensor.</source>
        <translation>Un número menos un tensor.</translation>
    </message>
    <message>
        <source>A number raised to a tensor.</source>
        <translation>Un número elevado a un tensor.</translation>
    </message>
    <message>
        <source>A smooth ReLU: log(1 + exp(beta * x)) / beta.</source>
        <translation>Una ReLU suave: log(1 + exp(beta * x)) / beta.</translation>
    </message>
    <message>
        <source>A tensor filled with one number.</source>
        <translation>Un tensor lleno de un mismo número.</translation>
    </message>
    <message>
        <source>A tensor filled with ones.</source>
        <translation>Un tensor lleno de unos.</translation>
    </message>
    <message>
        <source>A tensor filled with zeros.</source>
        <translation>Un tensor lleno de ceros.</translation>
    </message>
    <message>
        <source>A tensor from literal values.</source>
        <translation>Un tensor a partir de valores literales.</translation>
    </message>
    <message>
        <source>A tensor&apos;s .grad as a value to compute with (x.grad - by_hand, x.grad.float()): the very tensor backward accumulates into. It exists only after a backward, so put the node in a &apos;compute&apos; step of the timeline after it.</source>
        <translation>El .grad de un tensor como valor con el que calcular (x.grad - by_hand, x.grad.float()): el mismo tensor en el que acumula backward. Solo existe después de un backward, así que pon el nodo en un paso &apos;compute&apos; de la línea de tiempo posterior.</translation>
    </message>
    <message>
        <source>A vector as the diagonal of a square matrix, or a matrix&apos;s diagonal as a vector.</source>
        <translation>Un vector como diagonal de una matriz cuadrada, o la diagonal de una matriz como vector.</translation>
    </message>
    <message>
        <source>Absolute value of every element.</source>
        <translation>Valor absoluto de cada elemento.</translation>
    </message>
    <message>
        <source>Another output of a custom Function that returns several tensors: in a, b = MyFn.apply(x), b is output 1 (the Function node itself is output 0). Connect the Function to its port.</source>
        <translation>Otra salida de una Function propia que devuelve varios tensores: en a, b = MyFn.apply(x), b es la salida 1 (el nodo de la Function es la salida 0). Conecta la Function a su puerto.</translation>
    </message>
    <message>
        <source>Arccosine of every element (nan outside [-1, 1]).</source>
        <translation>Arcocoseno de cada elemento (nan fuera de [-1, 1]).</translation>
    </message>
    <message>
        <source>Arcsine of every element (nan outside [-1, 1]).</source>
        <translation>Arcoseno de cada elemento (nan fuera de [-1, 1]).</translation>
    </message>
    <message>
        <source>Arctangent of every element.</source>
        <translation>Arcotangente de cada elemento.</translation>
    </message>
    <message>
        <source>Base-10 logarithm of every element.</source>
        <translation>Logaritmo en base 10 de cada elemento.</translation>
    </message>
    <message>
        <source>Base-2 logarithm of every element.</source>
        <translation>Logaritmo en base 2 de cada elemento.</translation>
    </message>
    <message>
        <source>Batch normalization: each channel (dim 1) minus its mean, over its standard deviation (the batch&apos;s in training, which also moves running_mean and running_var toward them; those running averages in eval mode), times weight, plus bias: nn.BatchNorm1d / 2d.</source>
        <translation>Normalización por lotes: cada canal (dim 1) menos su media, entre su desviación típica (las del lote en entrenamiento, que además acercan running_mean y running_var a ellas; esas medias móviles en modo eval), por weight, más bias: nn.BatchNorm1d / 2d.</translation>
    </message>
    <message>
        <source>Batched matrix product.</source>
        <translation>Producto de matrices por lotes.</translation>
    </message>
    <message>
        <source>Binary cross-entropy of probabilities in [0, 1] against targets in [0, 1].</source>
        <translation>Entropía cruzada binaria de probabilidades en [0, 1] frente a objetivos en [0, 1].</translation>
    </message>
    <message>
        <source>Binary cross-entropy of scores (logits), sigmoid included, without overflow.</source>
        <translation>Entropía cruzada binaria de puntuaciones (logits), con la sigmoide incluida, sin desbordamiento.</translation>
    </message>
    <message>
        <source>Changes the gradient that flows back into a tensor during backward, as x.register_hook(lambda grad: grad * 10) does: what reaches the nodes before it, and a leaf&apos;s .grad, is the hook&apos;s result. A hook that prints, print(&apos;g:&apos;, grad), shows the gradient at that step and changes nothing.</source>
        <translation>Cambia el gradiente que fluye hacia atrás a un tensor durante backward, como hace x.register_hook(lambda grad: grad * 10): lo que llega a los nodos anteriores, y al .grad de una hoja, es el resultado del hook. Un hook que imprime, print(&apos;g:&apos;, grad), muestra el gradiente en ese paso y no cambia nada.</translation>
    </message>
    <message>
        <source>Continuously differentiable ELU: x where x &gt; 0, else alpha * (exp(x / alpha) - 1).</source>
        <translation>ELU continuamente diferenciable: x donde x &gt; 0; si no, alpha * (exp(x / alpha) - 1).</translation>
    </message>
    <message>
        <source>Converts to another dtype.</source>
        <translation>Convierte a otro dtype.</translation>
    </message>
    <message>
        <source>Cosine of every element.</source>
        <translation>Coseno de cada elemento.</translation>
    </message>
    <message>
        <source>Data imported from a CSV or .npy file (File ▸ Import Data…) and stored in the graph file, so the file carries it: an (n, k + 1) float32 tensor, the k feature columns chosen, then the label or target in the last column.</source>
        <translation>Datos importados de un archivo CSV o .npy (Archivo ▸ Importar datos…) y guardados en el archivo del grafo, que así los lleva consigo: un tensor float32 (n, k + 1), las k columnas de características elegidas y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>Dot product of two vectors.</source>
        <translation>Producto escalar de dos vectores.</translation>
    </message>
    <message>
        <source>Dropout while training: zeros each element with probability p, drawn from the generator (seeded, in the graph&apos;s order, as the script draws it), and scales the others by 1 / (1 - p): F.dropout(x, p) or an nn.Dropout in training mode. In eval mode dropout is the tensor itself: leave the node out.</source>
        <translation>Dropout durante el entrenamiento: pone a cero cada elemento con probabilidad p, sorteada con el generador (con semilla, en el orden del grafo, como lo sortea el script), y escala los demás por 1 / (1 - p): F.dropout(x, p) o un nn.Dropout en modo de entrenamiento. En modo eval el dropout es el propio tensor: omite el nodo.</translation>
    </message>
    <message>
        <source>Each class index as a row of zeros with a one at that index.</source>
        <translation>Cada índice de clase como una fila de ceros con un uno en ese índice.</translation>
    </message>
    <message>
        <source>Elementwise != comparison (a bool tensor, never requires grad).</source>
        <translation>Comparación != elemento a elemento (un tensor bool, nunca requiere gradiente).</translation>
    </message>
    <message>
        <source>Elementwise &lt; comparison (a bool tensor, never requires grad).</source>
        <translation>Comparación &lt; elemento a elemento (un tensor bool, nunca requiere gradiente).</translation>
    </message>
    <message>
        <source>Elementwise &lt;= comparison (a bool tensor, never requires grad).</source>
        <translation>Comparación &lt;= elemento a elemento (un tensor bool, nunca requiere gradiente).</translation>
    </message>
    <message>
        <source>Elementwise == comparison (a bool tensor, never requires grad).</source>
        <translation>Comparación == elemento a elemento (un tensor bool, nunca requiere gradiente).</translation>
    </message>
    <message>
        <source>Elementwise &gt; comparison (a bool tensor, never requires grad).</source>
        <translation>Comparación &gt; elemento a elemento (un tensor bool, nunca requiere gradiente).</translation>
    </message>
    <message>
        <source>Elementwise &gt;= comparison (a bool tensor, never requires grad).</source>
        <translation>Comparación &gt;= elemento a elemento (un tensor bool, nunca requiere gradiente).</translation>
    </message>
    <message>
        <source>Elementwise and of bools (logical) or integers (bitwise).</source>
        <translation>Y elemento a elemento de bools (lógico) o enteros (bit a bit).</translation>
    </message>
    <message>
        <source>Elementwise and of the truth of each element (a bool tensor).</source>
        <translation>Y elemento a elemento del valor de verdad de cada elemento (un tensor bool).</translation>
    </message>
    <message>
        <source>Elementwise difference, broadcasting shapes.</source>
        <translation>Diferencia elemento a elemento, con broadcasting de formas.</translation>
    </message>
    <message>
        <source>Elementwise division rounded down (PyTorch has no gradient for it).</source>
        <translation>División elemento a elemento redondeada hacia abajo (PyTorch no tiene gradiente para ello).</translation>
    </message>
    <message>
        <source>Elementwise division rounded towards zero (trunc) or down (floor); integers stay integers (its gradient is zero).</source>
        <translation>División elemento a elemento redondeada hacia cero (trunc) o hacia abajo (floor); los enteros siguen siendo enteros (su gradiente es cero).</translation>
    </message>
    <message>
        <source>Elementwise maximum of two tensors.</source>
        <translation>Máximo elemento a elemento de dos tensores.</translation>
    </message>
    <message>
        <source>Elementwise minimum of two tensors.</source>
        <translation>Mínimo elemento a elemento de dos tensores.</translation>
    </message>
    <message>
        <source>Elementwise not of bools (logical) or integers (bitwise).</source>
        <translation>No elemento a elemento de bools (lógico) o enteros (bit a bit).</translation>
    </message>
    <message>
        <source>Elementwise or of bools (logical) or integers (bitwise).</source>
        <translation>O elemento a elemento de bools (lógico) o enteros (bit a bit).</translation>
    </message>
    <message>
        <source>Elementwise or of the truth of each element (a bool tensor).</source>
        <translation>O elemento a elemento del valor de verdad de cada elemento (un tensor bool).</translation>
    </message>
    <message>
        <source>Elementwise product, broadcasting shapes.</source>
        <translation>Producto elemento a elemento, con broadcasting de formas.</translation>
    </message>
    <message>
        <source>Elementwise remainder of floor division (the sign of other).</source>
        <translation>Resto elemento a elemento de la división hacia abajo (con el signo de other).</translation>
    </message>
    <message>
        <source>Elementwise sum, broadcasting shapes.</source>
        <translation>Suma elemento a elemento, con broadcasting de formas.</translation>
    </message>
    <message>
        <source>Elementwise true division.</source>
        <translation>División real elemento a elemento.</translation>
    </message>
    <message>
        <source>Elementwise xor of bools (logical) or integers (bitwise).</source>
        <translation>Xor elemento a elemento de bools (lógico) o enteros (bit a bit).</translation>
    </message>
    <message>
        <source>Elementwise xor of the truth of each element (a bool tensor).</source>
        <translation>Xor elemento a elemento del valor de verdad de cada elemento (un tensor bool).</translation>
    </message>
    <message>
        <source>Evenly spaced values in [start, end).</source>
        <translation>Valores equiespaciados en [start, end).</translation>
    </message>
    <message>
        <source>Every element rounded half to even to a number of decimals (its gradient is zero).</source>
        <translation>Cada elemento redondeado a un número de decimales, mitades al par (su gradiente es cero).</translation>
    </message>
    <message>
        <source>Exponential linear unit: x where x &gt; 0, else alpha * (exp(x) - 1).</source>
        <translation>Unidad lineal exponencial: x donde x &gt; 0; si no, alpha * (exp(x) - 1).</translation>
    </message>
    <message>
        <source>Gaussian blobs, one per class, their centres on a circle of radius 2; the label is the blob&apos;s number (0, 1, 2 ...). An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Nubes gaussianas, una por clase, con sus centros en un círculo de radio 2; la etiqueta es el número de la nube (0, 1, 2 ...). Un tensor (n, 3): las características y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>Gaussian error linear unit: x times the standard normal CDF of x.</source>
        <translation>Unidad lineal de error gaussiano: x por la función de distribución normal estándar de x.</translation>
    </message>
    <message>
        <source>Group normalization: each sample&apos;s channels, cut into num_groups groups, minus the group&apos;s mean, over its standard deviation, times weight, plus bias (per channel): nn.GroupNorm.</source>
        <translation>Normalización por grupos: los canales de cada muestra, divididos en num_groups grupos, menos la media del grupo, entre su desviación típica, por weight, más bias (por canal): nn.GroupNorm.</translation>
    </message>
    <message>
        <source>How many elements are not zero (over dim, or all).</source>
        <translation>Cuántos elementos no son cero (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>Hyperbolic cosine of every element.</source>
        <translation>Coseno hiperbólico de cada elemento.</translation>
    </message>
    <message>
        <source>Hyperbolic sine of every element.</source>
        <translation>Seno hiperbólico de cada elemento.</translation>
    </message>
    <message>
        <source>Hyperbolic tangent of every element.</source>
        <translation>Tangente hiperbólica de cada elemento.</translation>
    </message>
    <message>
        <source>Index of the largest element.</source>
        <translation>Índice del elemento mayor.</translation>
    </message>
    <message>
        <source>Index of the smallest element.</source>
        <translation>Índice del elemento menor.</translation>
    </message>
    <message>
        <source>Indexing such as x[0], x[:, 1:3], x[..., None] or x[[0, 2]]; with a tensor on port i (and j) the index names it: x[i] for a mask or positions, x[:, i], x[i, j].</source>
        <translation>Indexación como x[0], x[:, 1:3], x[..., None] o x[[0, 2]]; con un tensor en la entrada i (y j) el índice lo nombra: x[i] para una máscara o posiciones, x[:, i], x[i, j].</translation>
    </message>
    <message>
        <source>Inserts a dimension of size 1.</source>
        <translation>Inserta una dimensión de tamaño 1.</translation>
    </message>
    <message>
        <source>Inverse hyperbolic cosine of every element (nan below 1).</source>
        <translation>Coseno hiperbólico inverso de cada elemento (nan por debajo de 1).</translation>
    </message>
    <message>
        <source>Inverse hyperbolic sine of every element.</source>
        <translation>Seno hiperbólico inverso de cada elemento.</translation>
    </message>
    <message>
        <source>Inverse hyperbolic tangent of every element (nan outside [-1, 1]).</source>
        <translation>Tangente hiperbólica inversa de cada elemento (nan fuera de [-1, 1]).</translation>
    </message>
    <message>
        <source>Joins tensors along a new dimension.</source>
        <translation>Une tensores a lo largo de una dimensión nueva.</translation>
    </message>
    <message>
        <source>Joins tensors along an existing dimension.</source>
        <translation>Une tensores a lo largo de una dimensión existente.</translation>
    </message>
    <message>
        <source>Keeps a value of its tensor each time it is computed, as losses.append(loss.item()) does in a training loop: one value per iteration, for a collected node after the loop.</source>
        <translation>Guarda un valor de su tensor cada vez que se calcula, como hace losses.append(loss.item()) en un bucle de entrenamiento: un valor por iteración, para un nodo collected después del bucle.</translation>
    </message>
    <message>
        <source>Keeps positive elements, zeroes the rest.</source>
        <translation>Conserva los elementos positivos y pone a cero el resto.</translation>
    </message>
    <message>
        <source>Keeps the lower triangle of the last two dimensions (from the given diagonal), zeroing the rest.</source>
        <translation>Conserva el triángulo inferior de las dos últimas dimensiones (desde la diagonal dada) y pone a cero el resto.</translation>
    </message>
    <message>
        <source>Keeps the upper triangle of the last two dimensions (from the given diagonal), zeroing the rest.</source>
        <translation>Conserva el triángulo superior de las dos últimas dimensiones (desde la diagonal dada) y pone a cero el resto.</translation>
    </message>
    <message>
        <source>Layer normalization: each sample&apos;s last dimensions (normalized_shape) minus their mean, over their standard deviation, times weight, plus bias: nn.LayerNorm.</source>
        <translation>Normalización por capa: las últimas dimensiones de cada muestra (normalized_shape) menos su media, entre su desviación típica, por weight, más bias: nn.LayerNorm.</translation>
    </message>
    <message>
        <source>Leaky ReLU: x where x &gt; 0, else negative_slope * x.</source>
        <translation>Leaky ReLU: x donde x &gt; 0; si no, negative_slope * x.</translation>
    </message>
    <message>
        <source>Limits every element to [min, max].</source>
        <translation>Limita cada elemento a [min, max].</translation>
    </message>
    <message>
        <source>Logistic sigmoid 1/(1+e^-x).</source>
        <translation>Sigmoide logística 1/(1+e^-x).</translation>
    </message>
    <message>
        <source>Makes a tensor that was computed without gradients a leaf that requires grad (in place, as a.requires_grad_(True)).</source>
        <translation>Convierte un tensor calculado sin gradientes en una hoja que requiere gradiente (en el sitio, como a.requires_grad_(True)).</translation>
    </message>
    <message>
        <source>Matrix product a @ b (dot, matrix-vector, matrix or batched, by the inputs&apos; dimensions).</source>
        <translation>Producto de matrices a @ b (escalar, matriz-vector, de matrices o por lotes, según las dimensiones de las entradas).</translation>
    </message>
    <message>
        <source>Matrix product of two matrices.</source>
        <translation>Producto de dos matrices.</translation>
    </message>
    <message>
        <source>Matrix-vector product.</source>
        <translation>Producto matriz-vector.</translation>
    </message>
    <message>
        <source>Mean of elements (over dim, or all).</source>
        <translation>Media de los elementos (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>Natural logarithm of every element.</source>
        <translation>Logaritmo natural de cada elemento.</translation>
    </message>
    <message>
        <source>Negates every element.</source>
        <translation>Cambia el signo de cada elemento.</translation>
    </message>
    <message>
        <source>Normal random numbers with a mean and a standard deviation (seeded): what nn.init.normal_ fills a weight with.</source>
        <translation>Números aleatorios normales con una media y una desviación típica (con semilla): con lo que nn.init.normal_ llena un weight.</translation>
    </message>
    <message>
        <source>One index along a dimension.</source>
        <translation>Un índice a lo largo de una dimensión.</translation>
    </message>
    <message>
        <source>One value a keep_grad hook kept: grads[0] is what it kept at the first backward that reached its tensor. It exists only after that backward, so put the node in a &apos;compute&apos; step of the timeline after it.</source>
        <translation>Un valor que guardó un hook keep_grad: grads[0] es lo que guardó en el primer backward que alcanzó su tensor. Solo existe después de ese backward, así que ponga el nodo en un paso &apos;compute&apos; de la línea de tiempo después de él.</translation>
    </message>
    <message>
        <source>Picks from input where the condition holds, else from other.</source>
        <translation>Toma de input donde se cumple la condición; si no, de other.</translation>
    </message>
    <message>
        <source>Picks, along dim, the element each entry of index names.</source>
        <translation>Toma, a lo largo de dim, el elemento que indica cada entrada de index.</translation>
    </message>
    <message>
        <source>Points in the square [-1, 1]²: class 1 where x₁ and x₂ have opposite signs (XOR), which needs a hidden layer. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Puntos en el cuadrado [-1, 1]²: clase 1 donde x₁ y x₂ tienen signos opuestos (XOR), lo que necesita una capa oculta. Un tensor (n, 3): las características y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>Prints a leaf&apos;s .grad each time a backward has added to it, as w.register_post_accumulate_grad_hook(lambda p: print(p.grad)) does; grad in its text is p.grad.</source>
        <translation>Imprime el .grad de una hoja cada vez que un backward le ha sumado, como hace w.register_post_accumulate_grad_hook(lambda p: print(p.grad)); grad en su texto es p.grad.</translation>
    </message>
    <message>
        <source>Product of elements (along dim, or all).</source>
        <translation>Producto de los elementos (a lo largo de dim, o todos).</translation>
    </message>
    <message>
        <source>Raises every element to a number.</source>
        <translation>Eleva cada elemento a un número.</translation>
    </message>
    <message>
        <source>Random whole numbers in [low, high) (seeded): random labels, or the rows of a minibatch.</source>
        <translation>Números enteros aleatorios en [low, high) (con semilla): etiquetas aleatorias, o las filas de un minilote.</translation>
    </message>
    <message>
        <source>Randomized leaky ReLU in evaluation: the slope left of zero is (lower + upper) / 2.</source>
        <translation>Leaky ReLU aleatorizada en evaluación: la pendiente a la izquierda de cero es (lower + upper) / 2.</translation>
    </message>
    <message>
        <source>Removes dimensions of size 1.</source>
        <translation>Quita las dimensiones de tamaño 1.</translation>
    </message>
    <message>
        <source>Reorders dimensions.</source>
        <translation>Reordena las dimensiones.</translation>
    </message>
    <message>
        <source>Repeats size-1 dimensions without copying.</source>
        <translation>Repite dimensiones de tamaño 1 sin copiar.</translation>
    </message>
    <message>
        <source>Reverses the order of elements along the given dimensions.</source>
        <translation>Invierte el orden de los elementos a lo largo de las dimensiones dadas.</translation>
    </message>
    <message>
        <source>Running products along a dimension.</source>
        <translation>Productos acumulados a lo largo de una dimensión.</translation>
    </message>
    <message>
        <source>Running totals along a dimension.</source>
        <translation>Sumas acumuladas a lo largo de una dimensión.</translation>
    </message>
    <message>
        <source>Same data seen with a new shape.</source>
        <translation>Los mismos datos vistos con una forma nueva.</translation>
    </message>
    <message>
        <source>Same elements with a new shape (copies if it must).</source>
        <translation>Los mismos elementos con una forma nueva (copia si hace falta).</translation>
    </message>
    <message>
        <source>Scaled ELU: scale * (x where x &gt; 0, else alpha * (exp(x) - 1)), with the constants that keep activations normalized.</source>
        <translation>ELU escalada: scale * (x donde x &gt; 0; si no, alpha * (exp(x) - 1)), con las constantes que mantienen normalizadas las activaciones.</translation>
    </message>
    <message>
        <source>Sets every element of a tensor (or of a copy of it) to one number (or the one-element tensor on port value): x.fill_(v).</source>
        <translation>Pone cada elemento de un tensor (o de una copia) a un número (o al tensor de un elemento de la entrada value): x.fill_(v).</translation>
    </message>
    <message>
        <source>Sets every element of a tensor (or of a copy of it) to zero: x.zero_().</source>
        <translation>Pone a cero cada elemento de un tensor (o de una copia): x.zero_().</translation>
    </message>
    <message>
        <source>Sets the elements where mask is true to value.</source>
        <translation>Pone a value los elementos donde mask es verdadero.</translation>
    </message>
    <message>
        <source>Shifts elements along dimensions, wrapping around the end.</source>
        <translation>Desplaza los elementos a lo largo de dimensiones, dando la vuelta al final.</translation>
    </message>
    <message>
        <source>Sigmoid linear unit (swish): x * sigmoid(x).</source>
        <translation>Unidad lineal sigmoide (swish): x * sigmoid(x).</translation>
    </message>
    <message>
        <source>Sine of every element.</source>
        <translation>Seno de cada elemento.</translation>
    </message>
    <message>
        <source>Square root of every element.</source>
        <translation>Raíz cuadrada de cada elemento.</translation>
    </message>
    <message>
        <source>Squared error below beta, absolute error above (scaled to meet).</source>
        <translation>Error cuadrático por debajo de beta, error absoluto por encima (escalados para que coincidan).</translation>
    </message>
    <message>
        <source>Squared error below delta, delta times the absolute error above.</source>
        <translation>Error cuadrático por debajo de delta; por encima, delta por el error absoluto.</translation>
    </message>
    <message>
        <source>Standard deviation (over dim, or all), by default with Bessel&apos;s correction.</source>
        <translation>Desviación típica (sobre dim, o todos), por defecto con la corrección de Bessel.</translation>
    </message>
    <message>
        <source>Standard normal random numbers (seeded).</source>
        <translation>Números aleatorios normales estándar (con semilla).</translation>
    </message>
    <message>
        <source>Sum of elements (over dim, or all), nans counted as zero.</source>
        <translation>Suma de los elementos (sobre dim, o todos), con los nan contados como cero.</translation>
    </message>
    <message>
        <source>Sum of elements (over dim, or all).</source>
        <translation>Suma de los elementos (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>Swaps two dimensions.</source>
        <translation>Intercambia dos dimensiones.</translation>
    </message>
    <message>
        <source>Tangent of every element.</source>
        <translation>Tangente de cada elemento.</translation>
    </message>
    <message>
        <source>The angle of the point (other, self), elementwise: atan(self / other), in the right quadrant.</source>
        <translation>El ángulo del punto (other, self), elemento a elemento: atan(self / other), en el cuadrante correcto.</translation>
    </message>
    <message>
        <source>The complementary error function 1 - erf(x) of every element.</source>
        <translation>La función de error complementaria 1 - erf(x) de cada elemento.</translation>
    </message>
    <message>
        <source>The cross product of 3-vectors along dim.</source>
        <translation>El producto vectorial de vectores de 3 a lo largo de dim.</translation>
    </message>
    <message>
        <source>The cross-entropy of class-index targets (an int64 tensor) from unnormalised scores (logits): nll_loss(log_softmax(input, 1), target).</source>
        <translation>La entropía cruzada de objetivos de índice de clase (un tensor int64) a partir de puntuaciones sin normalizar (logits): nll_loss(log_softmax(input, 1), target).</translation>
    </message>
    <message>
        <source>The determinant of a square matrix (of each, for a batch).</source>
        <translation>El determinante de una matriz cuadrada (de cada una, en un lote).</translation>
    </message>
    <message>
        <source>The diagonal of dim1 and dim2 (a view), as the last dimension.</source>
        <translation>La diagonal de dim1 y dim2 (una vista), como última dimensión.</translation>
    </message>
    <message>
        <source>The distinct elements, sorted, as a vector (torch.unique with no inverse, counts or dim).</source>
        <translation>Los elementos distintos, ordenados, como un vector (torch.unique sin inverse, counts ni dim).</translation>
    </message>
    <message>
        <source>The elements sorted along dim (their indices: argsort).</source>
        <translation>Los elementos ordenados a lo largo de dim (sus índices: argsort).</translation>
    </message>
    <message>
        <source>The elements where mask is true, as a vector.</source>
        <translation>Los elementos donde mask es verdadero, como vector.</translation>
    </message>
    <message>
        <source>The error function of every element.</source>
        <translation>La función de error de cada elemento.</translation>
    </message>
    <message>
        <source>The fractional part of every element (x - trunc(x)).</source>
        <translation>La parte fraccionaria de cada elemento (x - trunc(x)).</translation>
    </message>
    <message>
        <source>The gradient of outputs with respect to inputs, as a tensor to compute with: torch.autograd.grad(y, x)[0]. With create_graph the gradient has a graph of its own (a second derivative, a gradient penalty).</source>
        <translation>El gradiente de las salidas respecto a las entradas, como tensor con el que calcular: torch.autograd.grad(y, x)[0]. Con create_graph el gradiente tiene su propio grafo (una segunda derivada, una penalización de gradiente).</translation>
    </message>
    <message>
        <source>The identity matrix.</source>
        <translation>La matriz identidad.</translation>
    </message>
    <message>
        <source>The indices of the nonzero elements, one row each.</source>
        <translation>Los índices de los elementos distintos de cero, una fila cada uno.</translation>
    </message>
    <message>
        <source>The indices that sort the tensor along dim.</source>
        <translation>Los índices que ordenan el tensor a lo largo de dim.</translation>
    </message>
    <message>
        <source>The inverse of a square matrix (of each, for a batch).</source>
        <translation>La inversa de una matriz cuadrada (de cada una, en un lote).</translation>
    </message>
    <message>
        <source>The k largest (or smallest) elements along dim.</source>
        <translation>Los k elementos mayores (o menores) a lo largo de dim.</translation>
    </message>
    <message>
        <source>The k-th smallest element along a dimension.</source>
        <translation>El k-ésimo elemento más pequeño a lo largo de una dimensión.</translation>
    </message>
    <message>
        <source>The larger of each pair of elements, a nan only where both are nan.</source>
        <translation>El mayor de cada par de elementos, nan solo donde ambos son nan.</translation>
    </message>
    <message>
        <source>The largest element (over dim, or all).</source>
        <translation>El elemento mayor (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>The largest elements over dim (or all), ties sharing the gradient.</source>
        <translation>Los elementos mayores sobre dim (o todos); los empates se reparten el gradiente.</translation>
    </message>
    <message>
        <source>The largest value of each of output_size windows that tile the last two dimensions (nn.AdaptiveMaxPool2d).</source>
        <translation>El mayor valor de cada una de las output_size ventanas que cubren las dos últimas dimensiones (nn.AdaptiveMaxPool2d).</translation>
    </message>
    <message>
        <source>The largest value of each window along the last dimension (nn.MaxPool1d).</source>
        <translation>El mayor valor de cada ventana a lo largo de la última dimensión (nn.MaxPool1d).</translation>
    </message>
    <message>
        <source>The largest value of each window over the last two dimensions (nn.MaxPool2d).</source>
        <translation>El mayor valor de cada ventana sobre las dos últimas dimensiones (nn.MaxPool2d).</translation>
    </message>
    <message>
        <source>The lower median (over dim, or all).</source>
        <translation>La mediana inferior (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>The lower median, nans ignored, (over dim, or all).</source>
        <translation>La mediana inferior, ignorando los nan (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>The mean of each of output_size windows that tile the last dimension (nn.AdaptiveAvgPool1d).</source>
        <translation>La media de cada una de las output_size ventanas que cubren la última dimensión (nn.AdaptiveAvgPool1d).</translation>
    </message>
    <message>
        <source>The mean of each of output_size windows that tile the last two dimensions (nn.AdaptiveAvgPool2d).</source>
        <translation>La media de cada una de las output_size ventanas que cubren las dos últimas dimensiones (nn.AdaptiveAvgPool2d).</translation>
    </message>
    <message>
        <source>The mean of each window along the last dimension (nn.AvgPool1d).</source>
        <translation>La media de cada ventana a lo largo de la última dimensión (nn.AvgPool1d).</translation>
    </message>
    <message>
        <source>The mean of each window over the last two dimensions (nn.AvgPool2d).</source>
        <translation>La media de cada ventana sobre las dos últimas dimensiones (nn.AvgPool2d).</translation>
    </message>
    <message>
        <source>The mean squared error between input and target: ((input - target) ** 2).mean(), as one op.</source>
        <translation>El error cuadrático medio entre input y target: ((input - target) ** 2).mean(), como una sola operación.</translation>
    </message>
    <message>
        <source>The most frequent value along a dimension (the smallest of equally frequent ones).</source>
        <translation>El valor más frecuente a lo largo de una dimensión (el menor de los igual de frecuentes).</translation>
    </message>
    <message>
        <source>The negative log likelihood of class-index targets (an int64 tensor) from log-probabilities.</source>
        <translation>La log-verosimilitud negativa de objetivos de índice de clase (un tensor int64) a partir de log-probabilidades.</translation>
    </message>
    <message>
        <source>The p-norm of self - other (2: the Euclidean distance).</source>
        <translation>La norma p de self - other (2: la distancia euclídea).</translation>
    </message>
    <message>
        <source>The positions of the k largest (or smallest) elements along dim.</source>
        <translation>Las posiciones de los k elementos mayores (o menores) a lo largo de dim.</translation>
    </message>
    <message>
        <source>The remainder of dividing a number by a tensor (PyTorch has no gradient for it).</source>
        <translation>El resto de dividir un número entre un tensor (PyTorch no tiene gradiente para ello).</translation>
    </message>
    <message>
        <source>The remainder of dividing by a number, with the sign of self.</source>
        <translation>El resto de dividir por un número, con el signo de self.</translation>
    </message>
    <message>
        <source>The remainder of dividing, with the sign of self (C&apos;s fmod).</source>
        <translation>El resto de la división, con el signo de self (fmod de C).</translation>
    </message>
    <message>
        <source>The row indices of one mini-batch a torch.utils.data.DataLoader draws over size rows (shuffled by its own generator, or the global one): each time it is computed the loader&apos;s next batch, a new epoch when the last one ran out. x[idx] takes the batch&apos;s rows.</source>
        <translation>Los índices de fila de un minilote que un torch.utils.data.DataLoader extrae de size filas (barajadas por su propio generador o por el global): cada vez que se calcula, el siguiente lote del loader, una época nueva cuando la anterior se agotó. x[idx] toma las filas del lote.</translation>
    </message>
    <message>
        <source>The rows of weight (a table of learned vectors) that input&apos;s class indices name, in input&apos;s shape: nn.Embedding.</source>
        <translation>Las filas de weight (una tabla de vectores aprendidos) que indican los índices de clase de input, con la forma de input: nn.Embedding.</translation>
    </message>
    <message>
        <source>The running largest element along a dimension.</source>
        <translation>El mayor elemento acumulado a lo largo de una dimensión.</translation>
    </message>
    <message>
        <source>The running smallest element along a dimension.</source>
        <translation>El menor elemento acumulado a lo largo de una dimensión.</translation>
    </message>
    <message>
        <source>The same values laid out in memory row by row: a copy (CloneBackward0) when the input is a view such as x.t(), else the input itself.</source>
        <translation>Los mismos valores dispuestos en memoria fila a fila: una copia (CloneBackward0) cuando la entrada es una vista como x.t(); si no, la propia entrada.</translation>
    </message>
    <message>
        <source>The size of self with the sign of a number.</source>
        <translation>El valor absoluto de self con el signo de un número.</translation>
    </message>
    <message>
        <source>The size of self with the sign of other, elementwise.</source>
        <translation>El valor absoluto de self con el signo de other, elemento a elemento.</translation>
    </message>
    <message>
        <source>The slices along dim that index lists, in its order.</source>
        <translation>Los cortes a lo largo de dim que enumera index, en su orden.</translation>
    </message>
    <message>
        <source>The smaller of each pair of elements, a nan only where both are nan.</source>
        <translation>El menor de cada par de elementos, nan solo donde ambos son nan.</translation>
    </message>
    <message>
        <source>The smallest element (over dim, or all).</source>
        <translation>El elemento menor (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>The smallest elements over dim (or all), ties sharing the gradient.</source>
        <translation>Los elementos menores sobre dim (o todos); los empates se reparten el gradiente.</translation>
    </message>
    <message>
        <source>The sum of the main diagonal of a matrix.</source>
        <translation>La suma de la diagonal principal de una matriz.</translation>
    </message>
    <message>
        <source>The values a collect node kept, one per iteration, as one tensor: torch.tensor(losses) of numbers, torch.stack(losses) of tensors. It exists only after the loop that collects, so put the node in a &apos;compute&apos; step of the timeline after it.</source>
        <translation>Los valores que guardó un nodo collect, uno por iteración, como un tensor: torch.tensor(losses) de números, torch.stack(losses) de tensores. Solo existe después del bucle que recoge, así que pon el nodo en un paso &apos;compute&apos; de la línea de tiempo después de él.</translation>
    </message>
    <message>
        <source>The whole numbers 0 to n - 1 in a random order (seeded): what shuffles a dataset.</source>
        <translation>Los números enteros de 0 a n - 1 en orden aleatorio (con semilla): lo que baraja un conjunto de datos.</translation>
    </message>
    <message>
        <source>Tiles the tensor: copies it along each dimension (new leading ones included).</source>
        <translation>Repite el tensor en mosaico: lo copia a lo largo de cada dimensión (incluidas nuevas dimensiones iniciales).</translation>
    </message>
    <message>
        <source>Transposes a matrix.</source>
        <translation>Traspone una matriz.</translation>
    </message>
    <message>
        <source>True if any element is true (over dim, or all).</source>
        <translation>Verdadero si algún elemento es verdadero (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>True if every element is true (over dim, or all).</source>
        <translation>Verdadero si todos los elementos son verdaderos (sobre dim, o todos).</translation>
    </message>
    <message>
        <source>Two interleaving half circles (class 0 above, class 1 below): no straight line separates them. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Dos semicírculos entrelazados (clase 0 arriba, clase 1 abajo): ninguna recta los separa. Un tensor (n, 3): las características y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>Two spiral arms, almost two turns each, wound into each other: the hardest of the four, it needs capacity. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Dos brazos de espiral, de casi dos vueltas cada uno, enrollados entre sí: el más difícil de los cuatro, necesita capacidad. Un tensor (n, 3): las características y, en la última columna, la etiqueta u objetivo.</translation>
    </message>
    <message>
        <source>Uniform random numbers in [0, 1) (seeded).</source>
        <translation>Números aleatorios uniformes en [0, 1) (con semilla).</translation>
    </message>
    <message>
        <source>Uniform random numbers in [low, high) (seeded): what nn.Linear draws its weight and bias from.</source>
        <translation>Números aleatorios uniformes en [low, high) (con semilla): de donde nn.Linear saca su weight y su bias.</translation>
    </message>
    <message>
        <source>Variance (over dim, or all), by default with Bessel&apos;s correction.</source>
        <translation>Varianza (sobre dim, o todos), por defecto con la corrección de Bessel.</translation>
    </message>
    <message>
        <source>Vector p-norm (default 2).</source>
        <translation>Norma p de un vector (por defecto 2).</translation>
    </message>
    <message>
        <source>Whether each element is +inf or -inf.</source>
        <translation>Si cada elemento es +inf o -inf.</translation>
    </message>
    <message>
        <source>Whether each element is finite.</source>
        <translation>Si cada elemento es finito.</translation>
    </message>
    <message>
        <source>Whether each element is nan.</source>
        <translation>Si cada elemento es nan.</translation>
    </message>
    <message>
        <source>Whether each element is zero.</source>
        <translation>Si cada elemento es cero.</translation>
    </message>
    <message>
        <source>Whether each pair of elements is equal within atol + rtol * |other|.</source>
        <translation>Si cada par de elementos es igual dentro de atol + rtol * |other|.</translation>
    </message>
    <message>
        <source>Writes into a tensor (or into a copy of it): x[key] = v (a number, or the tensor on port value), as x[0] = 5, x[1:] = 0 or x[mask] = 0 do; with a tensor on port i (and j) the key names it.</source>
        <translation>Escribe en un tensor (o en una copia): x[key] = v (un número, o el tensor de la entrada value), como hacen x[0] = 5, x[1:] = 0 o x[mask] = 0; con un tensor en la entrada i (y j) la clave lo nombra.</translation>
    </message>
    <message>
        <source>Writes the values of src into a tensor (or into a copy of it), broadcast to its shape, in its dtype: x.copy_(src).</source>
        <translation>Escribe los valores de src en un tensor (o en una copia), con broadcasting a su forma, en su dtype: x.copy_(src).</translation>
    </message>
    <message>
        <source>beta * self + alpha * (batch1 @ batch2), batch by batch.</source>
        <translation>beta * self + alpha * (batch1 @ batch2), lote a lote.</translation>
    </message>
    <message>
        <source>beta * self + alpha * (mat1 @ mat2): a matrix product plus a bias, in one op (nn.Linear&apos;s).</source>
        <translation>beta * self + alpha * (mat1 @ mat2): un producto de matrices más un sesgo, en una sola operación (la de nn.Linear).</translation>
    </message>
    <message>
        <source>ceil of every element (its gradient is zero).</source>
        <translation>ceil de cada elemento (su gradiente es cero).</translation>
    </message>
    <message>
        <source>e to the power of every element.</source>
        <translation>e elevado a cada elemento.</translation>
    </message>
    <message>
        <source>e^x - 1, accurate for small x.</source>
        <translation>e^x - 1, exacto para x pequeños.</translation>
    </message>
    <message>
        <source>exp(x) / sum(exp(x)) along dim.</source>
        <translation>exp(x) / sum(exp(x)) a lo largo de dim.</translation>
    </message>
    <message>
        <source>floor of every element (its gradient is zero).</source>
        <translation>floor de cada elemento (su gradiente es cero).</translation>
    </message>
    <message>
        <source>log(1 + x), accurate for small x.</source>
        <translation>log(1 + x), exacto para x pequeños.</translation>
    </message>
    <message>
        <source>log(sigmoid(x)), computed without overflow.</source>
        <translation>log(sigmoid(x)), calculado sin desbordamiento.</translation>
    </message>
    <message>
        <source>log(softmax(x)) along dim.</source>
        <translation>log(softmax(x)) a lo largo de dim.</translation>
    </message>
    <message>
        <source>log(sum(exp(x))) along dim, computed stably.</source>
        <translation>log(sum(exp(x))) a lo largo de dim, calculado de forma estable.</translation>
    </message>
    <message>
        <source>relu6(x + 3) / 6: a cheap sigmoid.</source>
        <translation>relu6(x + 3) / 6: una sigmoide barata.</translation>
    </message>
    <message>
        <source>round of every element (its gradient is zero).</source>
        <translation>round de cada elemento (su gradiente es cero).</translation>
    </message>
    <message>
        <source>self * log(other), and 0 where self is 0.</source>
        <translation>self * log(other), y 0 donde self es 0.</translation>
    </message>
    <message>
        <source>self + value * tensor1 * tensor2, elementwise.</source>
        <translation>self + value * tensor1 * tensor2, elemento a elemento.</translation>
    </message>
    <message>
        <source>self + value * tensor1 / tensor2, elementwise (two integer tensors are refused, as in torch).</source>
        <translation>self + value * tensor1 / tensor2, elemento a elemento (se rechazan dos tensores enteros, como en torch).</translation>
    </message>
    <message>
        <source>self + weight * (end - self), with a weight per element.</source>
        <translation>self + weight * (end - self), con un peso por elemento.</translation>
    </message>
    <message>
        <source>self + weight * (end - self): the point a fraction weight of the way to end.</source>
        <translation>self + weight * (end - self): el punto a una fracción weight del camino hacia end.</translation>
    </message>
    <message>
        <source>sign of every element (its gradient is zero).</source>
        <translation>sign de cada elemento (su gradiente es cero).</translation>
    </message>
    <message>
        <source>sqrt(self ** 2 + other ** 2), elementwise.</source>
        <translation>sqrt(self ** 2 + other ** 2), elemento a elemento.</translation>
    </message>
    <message>
        <source>steps evenly spaced values from start to end.</source>
        <translation>steps valores equiespaciados de start a end.</translation>
    </message>
    <message>
        <source>trunc of every element (its gradient is zero).</source>
        <translation>trunc de cada elemento (su gradiente es cero).</translation>
    </message>
    <message>
        <source>x * relu6(x + 3) / 6: a cheap swish.</source>
        <translation>x * relu6(x + 3) / 6: un swish barato.</translation>
    </message>
    <message>
        <source>x * tanh(softplus(x)).</source>
        <translation>x * tanh(softplus(x)).</translation>
    </message>
    <message>
        <source>x clamped to [min_val, max_val] (relu6 is hardtanh(x, 0, 6)).</source>
        <translation>x limitado a [min_val, max_val] (relu6 es hardtanh(x, 0, 6)).</translation>
    </message>
    <message>
        <source>x moved lambd toward zero, 0 within lambd of it.</source>
        <translation>x desplazado lambd hacia cero; 0 a menos de lambd de él.</translation>
    </message>
    <message>
        <source>x where x &gt; threshold, else value.</source>
        <translation>x donde x &gt; threshold; si no, value.</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>retain_grad() marks a tensor rather than adding a node: right-click the tensor&apos;s node ▸ Keep .grad, or tick retains_grad in the inspector.</source>
        <translation>retain_grad() marca un tensor en lugar de añadir un nodo: clic derecho en el nodo del tensor ▸ Conservar .grad, o marca retains_grad en el inspector.</translation>
    </message>
    <message>
        <source>grad_fn: &lt;code&gt;{v}&lt;/code&gt;</source>
        <translation>grad_fn: &lt;code&gt;{v}&lt;/code&gt;</translation>
    </message>
    <message>
        <source>A source: its tensor is a leaf.</source>
        <translation>Una fuente: su tensor es una hoja.</translation>
    </message>
    <message>
        <source>Search name, torch code, doc</source>
        <translation>Buscar nombre, código torch, documentación</translation>
    </message>
</context>
<context>
    <name>Probe</name>
    <message>
        <source>Choose an output and an input that are nodes of the program.</source>
        <translation>Elige una salida y una entrada que sean nodos del programa.</translation>
    </message>
    <message>
        <source>{out_name} does not depend on {in_name}: no path leads from {in_name} to {out_name}.</source>
        <translation>{out_name} no depende de {in_name}: ningún camino lleva de {in_name} a {out_name}.</translation>
    </message>
    <message>
        <source>{name} draws random numbers ({kind}) on the way from {in_name} to {out_name}: computed again it would draw new ones, so it cannot be probed.</source>
        <translation>{name} sortea números aleatorios ({kind}) en el camino de {in_name} a {out_name}: calculado de nuevo sortearía otros, así que no se puede sondear.</translation>
    </message>
    <message>
        <source>{names} is a .grad on the way from {in_name} to {out_name}: what a backward left, not a function of {in_name} computed again, so it cannot be probed.</source>
        <translation>{names} es un .grad en el camino de {in_name} a {out_name}: lo que dejó un backward, no una función de {in_name} calculada de nuevo, así que no se puede sondear.</translation>
    </message>
    <message>
        <source>{names} is not computed yet at this step: it is computed at {value}.</source>
        <translation>{names} aún no está calculado en este paso: se calcula en {value}.</translation>
    </message>
    <message>
        <source>{names} has no value in this run (it has an error): fix it first.</source>
        <translation>{names} no tiene valor en esta ejecución (tiene un error): corrígelo primero.</translation>
    </message>
    <message>
        <source>{in_name} holds {dtype} values: only a floating-point tensor has derivatives.</source>
        <translation>{in_name} contiene valores {dtype}: solo un tensor de coma flotante tiene derivadas.</translation>
    </message>
    <message>
        <source>{out_name} holds {dtype} values: only a floating-point result has derivatives.</source>
        <translation>{out_name} contiene valores {dtype}: solo un resultado de coma flotante tiene derivadas.</translation>
    </message>
    <message>
        <source>The Jacobian of {out_name} with respect to {in_name} has {n_out:,} × {n_in:,} = {entries:,} entries, more than the {limit:,} a probe computes: choose smaller tensors.</source>
        <translation>La jacobiana de {out_name} respecto a {in_name} tiene {n_out:,} × {n_in:,} = {entries:,} entradas, más de las {limit:,} que calcula un sondeo: elige tensores más pequeños.</translation>
    </message>
    <message>
        <source>{out_name} has {n_out:,} elements, more than the {outputs:,} backward passes (one per element) a probe takes: choose a smaller output.</source>
        <translation>{out_name} tiene {n_out:,} elementos, más de los {outputs:,} pases hacia atrás (uno por elemento) que hace un sondeo: elige una salida más pequeña.</translation>
    </message>
    <message>
        <source>{names} could not be computed again: {exc}</source>
        <translation>{names} no se pudo calcular de nuevo: {exc}</translation>
    </message>
    <message>
        <source>{names} computes in {name}, too coarse for finite differences: the check needs float64 all the way.</source>
        <translation>{names} calcula en {name}, demasiado burdo para diferencias finitas: la comprobación necesita float64 en todo el camino.</translation>
    </message>
    <message>
        <source>No gradient flows from {in_name} to {out_name}: a detach, a no-grad region or a non-differentiable step cuts every path.</source>
        <translation>Ningún gradiente fluye de {in_name} a {out_name}: un detach, una región no_grad o un paso no diferenciable corta todos los caminos.</translation>
    </message>
    <message>
        <source>Choose a backward step of the timeline.</source>
        <translation>Elige un paso backward de la línea de tiempo.</translation>
    </message>
    <message>
        <source>This backward step failed: {error}</source>
        <translation>Este paso backward falló: {error}</translation>
    </message>
    <message>
        <source>This backward step has no target: choose one in the timeline.</source>
        <translation>Este paso backward no tiene objetivo: elige uno en la línea de tiempo.</translation>
    </message>
    <message>
        <source>{name} has no value in this run (it has an error): fix it first.</source>
        <translation>{name} no tiene valor en esta ejecución (tiene un error): corrígelo primero.</translation>
    </message>
    <message>
        <source>The gradient {value} has no value in this run: fix it first.</source>
        <translation>El gradiente {value} no tiene valor en esta ejecución: corrígelo primero.</translation>
    </message>
    <message>
        <source>{name} has {size} elements: its backward needs a gradient v of the same shape.</source>
        <translation>{name} tiene {size} elementos: su backward necesita un gradiente v de la misma forma.</translation>
    </message>
    <message>
        <source>The function must return a tensor.</source>
        <translation>La función debe devolver un tensor.</translation>
    </message>
    <message>
        <source>{output_name} holds {name} values: only a floating-point result has derivatives.</source>
        <translation>{output_name} contiene valores {name}: solo un resultado de coma flotante tiene derivadas.</translation>
    </message>
    <message>
        <source>{in_name} has {n_in:,} elements, more than the {MAX_CHECK_ELEMENTS:,} a gradient check moves one by one: choose a smaller tensor.</source>
        <translation>{in_name} tiene {n_in:,} elementos, más de los {MAX_CHECK_ELEMENTS:,} que una comprobación de gradientes mueve uno a uno: elige un tensor más pequeño.</translation>
    </message>
    <message>
        <source>The function failed: {name__}: {exc}</source>
        <translation>La función falló: {name__}: {exc}</translation>
    </message>
    <message>
        <source>x has {size:,} elements, more than the {MAX_CHECK_ELEMENTS:,} a gradient check moves one by one.</source>
        <translation>x tiene {size:,} elementos, más de los {MAX_CHECK_ELEMENTS:,} que una comprobación de gradientes mueve uno a uno.</translation>
    </message>
    <message>
        <source>{in_name} has {n_in} elements: choose one from 0 to {n_in2}.</source>
        <translation>{in_name} tiene {n_in} elementos: elige uno de 0 a {n_in2}.</translation>
    </message>
    <message>
        <source>{out_name} has {n_out} elements: choose one from 0 to {n_out2}.</source>
        <translation>{out_name} tiene {n_out} elementos: elige uno de 0 a {n_out2}.</translation>
    </message>
    <message>
        <source>The span must be a positive number.</source>
        <translation>El intervalo debe ser un número positivo.</translation>
    </message>
    <message>
        <source>A sweep takes from 2 to {MAX_SWEEP_POINTS} points.</source>
        <translation>Un barrido toma de 2 a {MAX_SWEEP_POINTS} puntos.</translation>
    </message>
</context>
<context>
    <name>ProbeChoices</name>
    <message>
        <source>Nothing to probe yet: the program has no floating-point result.</source>
        <translation>Aún no hay nada que examinar: el programa no tiene ningún resultado de coma flotante.</translation>
    </message>
    <message>
        <source>Nothing to probe yet: {names} are floating-point, but nothing is computed from them; add an operation on them to see its derivatives.</source>
        <translation>Aún no hay nada que examinar: {names} son de coma flotante, pero no se calcula nada a partir de ellos; añade una operación sobre ellos para ver sus derivadas.</translation>
    </message>
    <message>
        <source>Nothing to probe yet: {names} is floating-point, but nothing is computed from it; add an operation on it to see its derivatives.</source>
        <translation>Aún no hay nada que examinar: {names} es de coma flotante, pero no se calcula nada a partir de él; añade una operación sobre él para ver sus derivadas.</translation>
    </message>
</context>
<context>
    <name>ProbePages</name>
    <message>
        <source>Check</source>
        <translation>Comprobar</translation>
    </message>
    <message>
        <source>Compare autograd with central finite differences in float64 for the chosen input.</source>
        <translation>Comparar autograd con diferencias finitas centrales en float64 para la entrada elegida.</translation>
    </message>
    <message>
        <source>Check every leaf</source>
        <translation>Comprobar cada hoja</translation>
    </message>
    <message>
        <source>Check every leaf (and retained tensor) the output depends on.</source>
        <translation>Comprobar cada hoja (y cada tensor conservado) de la que depende la salida.</translation>
    </message>
    <message>
        <source>Which element of the input moves (flat index).</source>
        <translation>Qué elemento de la entrada se mueve (índice plano).</translation>
    </message>
    <message>
        <source>Which element of the output is plotted.</source>
        <translation>Qué elemento de la salida se dibuja.</translation>
    </message>
    <message>
        <source>The element goes from its value − span to its value + span (101 points).</source>
        <translation>El elemento va de su valor − amplitud a su valor + amplitud (101 puntos).</translation>
    </message>
    <message>
        <source>± span</source>
        <translation>± amplitud</translation>
    </message>
    <message>
        <source>{output_label} as {input_label} varies (dashed: the tangent at {x0:.4g})</source>
        <translation>{output_label} según varía {input_label} (discontinua: la tangente en {x0:.4g})</translation>
    </message>
    <message>
        <source>∂{output_label}/∂{input_label} = {slope0:.4g} here</source>
        <translation>∂{output_label}/∂{input_label} = {slope0:.4g} aquí</translation>
    </message>
    <message>
        <source>Step {v}: {v2} computes vᵀJ</source>
        <translation>Paso {v}: {v2} calcula vᵀJ</translation>
    </message>
    <message>
        <source>, v = ones (its target has one element).</source>
        <translation>, v = unos (su objetivo tiene un elemento).</translation>
    </message>
    <message>
        <source> {x} keeps no .grad (not a leaf that requires grad nor a retained tensor).</source>
        <translation> {x} no conserva .grad (ni es una hoja que requiere gradiente ni un tensor conservado).</translation>
    </message>
    <message>
        <source>{x}.grad before</source>
        <translation>{x}.grad antes</translation>
    </message>
    <message>
        <source>{x}.grad after</source>
        <translation>{x}.grad después</translation>
    </message>
    <message>
        <source> what this step added to</source>
        <translation> lo que este paso añadió a</translation>
    </message>
    <message>
        <source>{x}.grad was not set by this step.</source>
        <translation>{x}.grad no lo fijó este paso.</translation>
    </message>
    <message>
        <source>✓ vᵀJ equals{added} {x}.grad (∂{target}/∂{x} weighted by v).</source>
        <translation>✓ vᵀJ es igual a{added} {x}.grad (∂{target}/∂{x} ponderado por v).</translation>
    </message>
    <message>
        <source>✗ vᵀJ differs from{added} {x}.grad by up to {max_difference:.3g}.</source>
        <translation>✗ vᵀJ difiere de{added} {x}.grad hasta en {max_difference:.3g}.</translation>
    </message>
    <message>
        <source>✓ autograd agrees with finite differences for ∂{y}/∂{x} (float64).</source>
        <translation>✓ autograd coincide con las diferencias finitas para ∂{y}/∂{x} (float64).</translation>
    </message>
    <message>
        <source>✗ autograd disagrees with finite differences for ∂{y}/∂{x}.</source>
        <translation>✗ autograd no coincide con las diferencias finitas para ∂{y}/∂{x}.</translation>
    </message>
    <message>
        <source>Largest error {max_error:.3g}{where}: analytic {v:.6g}, numeric {v2:.6g} (central differences, eps = {EPS:g}; agreement within {ATOL:g} + {RTOL:g} × |numeric|).</source>
        <translation>Mayor error {max_error:.3g}{where}: analítico {v:.6g}, numérico {v2:.6g} (diferencias centrales, eps = {EPS:g}; coincidencia dentro de {ATOL:g} + {RTOL:g} × |numérico|).</translation>
    </message>
    <message>
        <source>, before step {v} ({v2})</source>
        <translation>, antes del paso {v} ({v2})</translation>
    </message>
    <message>
        <source>∂{output_name}/∂{input_name}: {rows} × {cols}, row m column k is ∂{output_name}[m] / ∂{input_name}[k]{when}.</source>
        <translation>∂{output_name}/∂{input_name}: {rows} × {cols}, la fila m columna k es ∂{output_name}[m] / ∂{input_name}[k]{when}.</translation>
    </message>
</context>
<context>
    <name>ProbePanel</name>
    <message>
        <source>The result whose derivatives are shown (y).</source>
        <translation>El resultado cuyas derivadas se muestran (y).</translation>
    </message>
    <message>
        <source>The tensor it is differentiated with respect to (x).</source>
        <translation>El tensor respecto al que se deriva (x).</translation>
    </message>
    <message>
        <source>Jacobian</source>
        <translation>Jacobiana</translation>
    </message>
    <message>
        <source>Gradient check</source>
        <translation>Comprobación de gradientes</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Barrido</translation>
    </message>
    <message>
        <source>Choose an output and an input above.</source>
        <translation>Elige arriba una salida y una entrada.</translation>
    </message>
    <message>
        <source>Every leaf: </source>
        <translation>Cada hoja: </translation>
    </message>
    <message>
        <source>analytic − numeric</source>
        <translation>analítico − numérico</translation>
    </message>
</context>
<context>
    <name>QuickAdd</name>
    <message>
        <source>Add node…</source>
        <translation>Añadir nodo…</translation>
    </message>
</context>
<context>
    <name>Reader</name>
    <message>
        <source>the file is larger than {megabytes} MB, the most GradStudio reads; check in its folder that it is the graph you meant, or choose another file.</source>
        <translation>el archivo ocupa más de {megabytes} MB, lo máximo que lee GradStudio; comprueba en su carpeta que es el grafo que querías o elige otro archivo.</translation>
    </message>
    <message>
        <source>byte {number}</source>
        <translation>byte {number}</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text; is it a GradStudio graph?</source>
        <translation>el archivo no es texto UTF-8; ¿es un grafo de GradStudio?</translation>
    </message>
    <message>
        <source>line {line}, column {column}</source>
        <translation>línea {line}, columna {column}</translation>
    </message>
    <message>
        <source>this is not valid JSON ({msg}).</source>
        <translation>esto no es JSON válido ({msg}).</translation>
    </message>
    <message>
        <source>the file is nested more than {MAX_DEPTH} levels deep.</source>
        <translation>el archivo está anidado a más de {MAX_DEPTH} niveles de profundidad.</translation>
    </message>
    <message>
        <source>the file holds no JSON object; is it a GradStudio graph?</source>
        <translation>el archivo no contiene ningún objeto JSON; ¿es un grafo de GradStudio?</translation>
    </message>
    <message>
        <source>missing; is this a GradStudio graph file?</source>
        <translation>falta; ¿es un archivo de grafo de GradStudio?</translation>
    </message>
    <message>
        <source>must be a whole number from 1.</source>
        <translation>debe ser un número entero a partir de 1.</translation>
    </message>
    <message>
        <source>the file was written by a newer GradStudio (format {version}); this one reads formats up to {newest}. Update GradStudio to open it.</source>
        <translation>el archivo lo escribió un GradStudio más reciente (formato {version}); este lee formatos hasta el {newest}. Actualiza GradStudio para abrirlo.</translation>
    </message>
    <message>
        <source>must be an object of settings.</source>
        <translation>debe ser un objeto de ajustes.</translation>
    </message>
    <message>
        <source>has more than {MAX_VIEW_KEYS} settings.</source>
        <translation>tiene más de {MAX_VIEW_KEYS} ajustes.</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; is not a valid setting name (letters, digits, _ . : -, at most 64).</source>
        <translation>&apos;{key}&apos; no es un nombre de ajuste válido (letras, dígitos, _ . : -, como mucho 64).</translation>
    </message>
    <message>
        <source>a list of at most {MAX_VIEW_LIST} values.</source>
        <translation>una lista de como mucho {MAX_VIEW_LIST} valores.</translation>
    </message>
    <message>
        <source>text must be UTF-8, at most {MAX_STRING} characters.</source>
        <translation>el texto debe ser UTF-8, de como mucho {MAX_STRING} caracteres.</translation>
    </message>
    <message>
        <source>must be a number within ±1e15, text, true/false, null or a short list of these.</source>
        <translation>debe ser un número dentro de ±1e15, texto, true/false, null o una lista corta de ellos.</translation>
    </message>
    <message>
        <source>must be an object { ... }.</source>
        <translation>debe ser un objeto { ... }.</translation>
    </message>
    <message>
        <source>the field &apos;{duplicate}&apos; appears twice.</source>
        <translation>el campo &apos;{duplicate}&apos; aparece dos veces.</translation>
    </message>
    <message>
        <source>must be a text of at most {MAX_TITLE} characters.</source>
        <translation>debe ser un texto de como mucho {MAX_TITLE} caracteres.</translation>
    </message>
    <message>
        <source>must be a list of at most {MAX_QUESTIONS}.</source>
        <translation>debe ser una lista de como mucho {MAX_QUESTIONS}.</translation>
    </message>
    <message>
        <source>node &apos;{node}&apos; does not exist.</source>
        <translation>el nodo &apos;{node}&apos; no existe.</translation>
    </message>
    <message>
        <source>&apos;{id}&apos; is used twice.</source>
        <translation>&apos;{id}&apos; se usa dos veces.</translation>
    </message>
    <message>
        <source>must be a text of at most {MAX_ANSWER} characters.</source>
        <translation>debe ser un texto de como mucho {MAX_ANSWER} caracteres.</translation>
    </message>
    <message>
        <source>has a field that appears twice.</source>
        <translation>tiene un campo que aparece dos veces.</translation>
    </message>
    <message>
        <source>unknown field &apos;{key}&apos;.</source>
        <translation>campo desconocido &apos;{key}&apos;.</translation>
    </message>
    <message>
        <source>the field &apos;{key}&apos; is missing.</source>
        <translation>falta el campo &apos;{key}&apos;.</translation>
    </message>
    <message>
        <source>must be one of {value}.</source>
        <translation>debe ser uno de {value}.</translation>
    </message>
    <message>
        <source>a &apos;raises&apos; question names no node; every other question names one.</source>
        <translation>una pregunta &apos;raises&apos; no nombra ningún nodo; todas las demás nombran uno.</translation>
    </message>
    <message>
        <source>must be a node id.</source>
        <translation>debe ser un id de nodo.</translation>
    </message>
    <message>
        <source>must be a whole number from -1 (the end) to 100,000.</source>
        <translation>debe ser un número entero de -1 (el final) a 100,000.</translation>
    </message>
    <message>
        <source>must be a number from 0 to 1,000,000.</source>
        <translation>debe ser un número de 0 a 1,000,000.</translation>
    </message>
    <message>
        <source>must be a 64-digit hash or null.</source>
        <translation>debe ser un hash de 64 dígitos o null.</translation>
    </message>
    <message>
        <source>must be text.</source>
        <translation>debe ser texto.</translation>
    </message>
    <message>
        <source>is longer than {limit:,} characters.</source>
        <translation>tiene más de {limit:,} caracteres.</translation>
    </message>
    <message>
        <source>the lesson holds more than {MAX_LESSON_TEXT:,} characters of text.</source>
        <translation>la lección contiene más de {MAX_LESSON_TEXT:,} caracteres de texto.</translation>
    </message>
    <message>
        <source>must be a list [ ... ].</source>
        <translation>debe ser una lista [ ... ].</translation>
    </message>
    <message>
        <source>has {count:,} cells; at most {MAX_CELLS:,} are allowed.</source>
        <translation>tiene {count:,} celdas; se permiten como mucho {MAX_CELLS:,}.</translation>
    </message>
    <message>
        <source>must be &apos;markdown&apos; or &apos;code&apos;.</source>
        <translation>debe ser &apos;markdown&apos; o &apos;code&apos;.</translation>
    </message>
    <message>
        <source>a markdown cell has only a kind and a source.</source>
        <translation>una celda markdown solo tiene un tipo y un texto fuente.</translation>
    </message>
    <message>
        <source>must be a list of at most 1,000 texts.</source>
        <translation>debe ser una lista de como mucho 1,000 textos.</translation>
    </message>
    <message>
        <source>must be a whole number or null.</source>
        <translation>debe ser un número entero o null.</translation>
    </message>
    <message>
        <source>&apos;{item}&apos; is no node or timeline action of this graph.</source>
        <translation>&apos;{item}&apos; no es ningún nodo ni acción de la línea de tiempo de este grafo.</translation>
    </message>
    <message>
        <source>must be [cell, line], two whole numbers.</source>
        <translation>debe ser [cell, line], dos números enteros.</translation>
    </message>
    <message>
        <source>cell {cell} is not a code cell of the lesson.</source>
        <translation>la celda {cell} no es una celda de código de la lección.</translation>
    </message>
    <message>
        <source>line {line} is not a line of cell {cell}.</source>
        <translation>la línea {line} no es una línea de la celda {cell}.</translation>
    </message>
    <message>
        <source>has {count:,} entries; at most {limit:,} are allowed.</source>
        <translation>tiene {count:,} entradas; se permiten como mucho {limit:,}.</translation>
    </message>
    <message>
        <source>must be an id: 1 to 64 letters, digits or _ . : -.</source>
        <translation>debe ser un id: de 1 a 64 letras, dígitos o _ . : -.</translation>
    </message>
    <message>
        <source>must be {what}, a text of 1 to {MAX_NAME} characters.</source>
        <translation>debe ser {what}, un texto de 1 a {MAX_NAME} caracteres.</translation>
    </message>
    <message>
        <source>node &apos;{value}&apos; does not exist.</source>
        <translation>el nodo &apos;{value}&apos; no existe.</translation>
    </message>
    <message>
        <source>must be the 64 hexadecimal digits of a digest.</source>
        <translation>deben ser los 64 dígitos hexadecimales de un resumen (hash).</translation>
    </message>
    <message>
        <source>a kind of node</source>
        <translation>un tipo de nodo</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a kind of node GradStudio knows.</source>
        <translation>&apos;{kind}&apos; no es un tipo de nodo que GradStudio conozca.</translation>
    </message>
    <message>
        <source>must be a pair of numbers [x, y].</source>
        <translation>debe ser un par de números [x, y].</translation>
    </message>
    <message>
        <source>a name</source>
        <translation>un nombre</translation>
    </message>
    <message>
        <source>must be true or false.</source>
        <translation>debe ser true o false.</translation>
    </message>
    <message>
        <source>must be a line number.</source>
        <translation>debe ser un número de línea.</translation>
    </message>
    <message>
        <source>NaN (not a number) is not allowed here.</source>
        <translation>NaN (no es un número) no se permite aquí.</translation>
    </message>
    <message>
        <source>an input name</source>
        <translation>un nombre de entrada</translation>
    </message>
    <message>
        <source>node &apos;{target}&apos; ({kind}) has no input &apos;{port}&apos;; its inputs are {inputs}.</source>
        <translation>el nodo &apos;{target}&apos; ({kind}) no tiene la entrada &apos;{port}&apos;; sus entradas son {inputs}.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>input &apos;{port}&apos; of node &apos;{target}&apos; is already connected by edges[{taken}].</source>
        <translation>la entrada &apos;{port}&apos; del nodo &apos;{target}&apos; ya está conectada por edges[{taken}].</translation>
    </message>
    <message>
        <source>this edge closes a cycle ({path}); a tensor cannot depend on itself.</source>
        <translation>esta arista cierra un ciclo ({path}); un tensor no puede depender de sí mismo.</translation>
    </message>
    <message>
        <source>node &apos;{n}&apos; is listed twice.</source>
        <translation>el nodo &apos;{n}&apos; aparece dos veces.</translation>
    </message>
    <message>
        <source>a kind of action</source>
        <translation>un tipo de acción</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a timeline action; use one of {value}.</source>
        <translation>&apos;{kind}&apos; no es una acción de la línea de tiempo; usa una de {value}.</translation>
    </message>
    <message>
        <source>a choice</source>
        <translation>una opción</translation>
    </message>
    <message>
        <source>a whole number with more than {MAX_DIGITS} digits.</source>
        <translation>un número entero de más de {MAX_DIGITS} dígitos.</translation>
    </message>
    <message>
        <source>a version 1 file stores the position as separate x and y fields</source>
        <translation>un archivo de la versión 1 guarda la posición como campos x e y separados</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>debe ser un número</translation>
    </message>
    <message>
        <source>a version 1 file names this field &apos;{old}&apos;</source>
        <translation>un archivo de la versión 1 llama a este campo &apos;{old}&apos;</translation>
    </message>
    <message>
        <source>must be a text of at most {MAX_NOTE_TEXT:,} characters.</source>
        <translation>debe ser un texto de como mucho {MAX_NOTE_TEXT:,} caracteres.</translation>
    </message>
    <message>
        <source>must be a pair of numbers from {low:g} to {high:g}.</source>
        <translation>debe ser un par de números de {low:g} a {high:g}.</translation>
    </message>
    <message>
        <source>must be a node id or null.</source>
        <translation>debe ser un id de nodo o null.</translation>
    </message>
    <message>
        <source>must be a list of at most {MAX_NOTES:,} notes.</source>
        <translation>debe ser una lista de como mucho {MAX_NOTES:,} notas.</translation>
    </message>
    <message>
        <source>must be an object { ... } with each field once.</source>
        <translation>debe ser un objeto { ... } con cada campo una sola vez.</translation>
    </message>
</context>
<context>
    <name>Recorded</name>
    <message>
        <source>Recorded from line {line} of the script: its values are what the script had there (a tensor the trace did not see made, such as what torch.load read or a deep copy), not computed by the graph; an edit upstream does not change them.</source>
        <translation>Grabado de la línea {line} del script: sus valores son los que tenía el script ahí (un tensor cuya creación el rastreo no vio, como lo que leyó torch.load o una copia profunda), no calculados por el grafo; una edición más arriba no los cambia.</translation>
    </message>
    <message>
        <source>What this step holds was recorded when the script ran; the graph has been edited since, so it may no longer be what the program would print.</source>
        <translation>Lo que contiene este paso se grabó cuando se ejecutó el script; el grafo se ha editado desde entonces, así que puede que ya no sea lo que imprimiría el programa.</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>{title} (autosaved {when})</source>
        <translation>{title} (guardado automáticamente {when})</translation>
    </message>
    <message>
        <source>the graph could not be written ({exc})</source>
        <translation>el grafo no se pudo escribir ({exc})</translation>
    </message>
    <message>
        <source>the graph could not be written ({error})</source>
        <translation>el grafo no se pudo escribir ({error})</translation>
    </message>
    <message>
        <source>Restore unsaved work?</source>
        <translation>¿Restaurar el trabajo sin guardar?</translation>
    </message>
    <message>
        <source> {others} more can be restored at the next start.</source>
        <translation> {others} más se pueden restaurar en el próximo inicio.</translation>
    </message>
    <message>
        <source>GradStudio did not close properly. Unsaved work on {v} can be restored.{more}</source>
        <translation>GradStudio no se cerró correctamente. Se puede restaurar el trabajo sin guardar de {v}.{more}</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restaurar</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Más tarde</translation>
    </message>
</context>
<context>
    <name>Regions</name>
    <message>
        <source>Take {v} out of no_grad</source>
        <translation>Sacar {v} de no_grad</translation>
    </message>
</context>
<context>
    <name>Run</name>
    <message>
        <source>Choose the {role} of this action.</source>
        <translation>Elige {role} de esta acción.</translation>
    </message>
    <message>
        <source>The {role} node &apos;{node}&apos; no longer exists.</source>
        <translation>El nodo &apos;{node}&apos; ({role}) ya no existe.</translation>
    </message>
    <message>
        <source>Its {role} &apos;{node}&apos; is computed later, at {when}: move this step after that one.</source>
        <translation>&apos;{node}&apos; ({role}) se calcula más tarde, en {when}: mueve este paso detrás de aquel.</translation>
    </message>
    <message>
        <source>Its {role} &apos;{node}&apos; has an error; fix that node first.</source>
        <translation>&apos;{node}&apos; ({role}) tiene un error; corrige primero ese nodo.</translation>
    </message>
    <message>
        <source>{kind} did not produce a tensor.</source>
        <translation>{kind} no produjo un tensor.</translation>
    </message>
    <message>
        <source>A Function output takes a custom Function that returns several tensors (return y, aux) on its port.</source>
        <translation>Una salida de Function toma en su puerto una Function propia que devuelve varios tensores (return y, aux).</translation>
    </message>
    <message>
        <source>Its Function has {n} outputs, numbered 0 to {last}: output {k} does not exist.</source>
        <translation>Su Function tiene {n} salidas, numeradas de 0 a {last}: la salida {k} no existe.</translation>
    </message>
    <message>
        <source>Not computed: its Function has an error.</source>
        <translation>No calculado: su Function tiene un error.</translation>
    </message>
    <message>
        <source>Connect an input to &apos;{missing}&apos; to compute this node.</source>
        <translation>Conecta una entrada a &apos;{missing}&apos; para calcular este nodo.</translation>
    </message>
    <message>
        <source>Not computed: its input &apos;{name}&apos; has an error.</source>
        <translation>No calculado: su entrada &apos;{name}&apos; tiene un error.</translation>
    </message>
    <message>
        <source>Choose the {what} of this step.</source>
        <translation>Elige {what} de este paso.</translation>
    </message>
    <message>
        <source>Its {what} is made at a later step: move the {what} before this step.</source>
        <translation>{what} se crea en un paso posterior: mueve {what} antes de este paso.</translation>
    </message>
    <message>
        <source>Its {what} no longer exists: choose another.</source>
        <translation>{what} ya no existe: elige otro.</translation>
    </message>
    <message>
        <source>Its {what} could not be made: see the error at its step.</source>
        <translation>{what} no se pudo crear: mira el error en su paso.</translation>
    </message>
    <message>
        <source>Runs at the end of each epoch: not in this iteration.</source>
        <translation>Se ejecuta al final de cada época: no en esta iteración.</translation>
    </message>
    <message>
        <source>Live run: {stopped:,} of {count:,} iterations so far (Keep makes it the document&apos;s loop, Discard goes back to the document&apos;s run).</source>
        <translation>Ejecución en vivo: {stopped:,} de {count:,} iteraciones hasta ahora (Conservar la convierte en el bucle del documento, Descartar vuelve a la ejecución del documento).</translation>
    </message>
    <message>
        <source>Stopped after {stopped:,} of {count:,} iterations: the run took longer than {seconds} s. Lower the count to see the end.</source>
        <translation>Detenido tras {stopped:,} de {count:,} iteraciones: la ejecución tardó más de {seconds} s. Reduce el número para ver el final.</translation>
    </message>
    <message>
        <source>Not reached in iteration {number}: the loop stopped at the error above.</source>
        <translation>No alcanzado en la iteración {number}: el bucle se detuvo en el error de arriba.</translation>
    </message>
    <message>
        <source>Not run in the iteration asked for: the loop stopped early.</source>
        <translation>No ejecutado en la iteración pedida: el bucle se detuvo antes.</translation>
    </message>
    <message>
        <source>Not computed: an input is computed at step {latest}, after this node&apos;s step {at}; compute this node at a later step.</source>
        <translation>No calculado: una entrada se calcula en el paso {latest}, después del paso {at} de este nodo; calcula este nodo en un paso posterior.</translation>
    </message>
</context>
<context>
    <name>RunShown</name>
    <message>
        <source>

grad_fn: </source>
        <translation>

grad_fn: </translation>
    </message>
    <message>
        <source>

Why no grad_fn: </source>
        <translation>

Por qué no hay grad_fn: </translation>
    </message>
    <message>
        <source>gradcheck ✓</source>
        <translation>gradcheck ✓</translation>
    </message>
    <message>
        <source>gradcheck ✗</source>
        <translation>gradcheck ✗</translation>
    </message>
</context>
<context>
    <name>SaveGuard</name>
    <message>
        <source>“{name}” was changed on disk since you opened or last saved it (by another window or program); saving now would replace those changes.</source>
        <translation>«{name}» cambió en el disco desde que lo abriste o guardaste por última vez (otra ventana u otro programa); guardar ahora reemplazaría esos cambios.</translation>
    </message>
    <message>
        <source>“{name}” is read-only; saving now would replace it anyway.</source>
        <translation>«{name}» es de solo lectura; guardar ahora lo reemplazaría de todos modos.</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>¿Reemplazar el archivo?</translation>
    </message>
    <message>
        <source>Overwrite it, save under another name, or cancel the save.</source>
        <translation>Sobrescribirlo, guardar con otro nombre o cancelar el guardado.</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Sobrescribir</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>Guardar como…</translation>
    </message>
</context>
<context>
    <name>Screenshots</name>
    <message>
        <source>window size, WIDTHxHEIGHT</source>
        <translation>tamaño de la ventana, ANCHOxALTO</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>{n} more</source>
        <translation>{n} más</translation>
    </message>
    <message>
        <source> and </source>
        <translation> y </translation>
    </message>
    <message>
        <source>lost its grad_fn</source>
        <translation>perdió su grad_fn</translation>
    </message>
    <message>
        <source>lost their grad_fn</source>
        <translation>perdieron su grad_fn</translation>
    </message>
    <message>
        <source>gained a grad_fn</source>
        <translation>ganó una grad_fn</translation>
    </message>
    <message>
        <source>lost its .grad</source>
        <translation>perdió su .grad</translation>
    </message>
    <message>
        <source>lost their .grad</source>
        <translation>perdieron su .grad</translation>
    </message>
    <message>
        <source>gained a .grad</source>
        <translation>ganó un .grad</translation>
    </message>
    <message>
        <source>now fails</source>
        <translation>ahora falla</translation>
    </message>
    <message>
        <source>now fail</source>
        <translation>ahora fallan</translation>
    </message>
    <message>
        <source>no longer fails</source>
        <translation>ya no falla</translation>
    </message>
    <message>
        <source>no longer fail</source>
        <translation>ya no fallan</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>&apos;{key}&apos; is the shortcut of both {v} and {name}</source>
        <translation>«{key}» es el atajo de {v} y de {name}</translation>
    </message>
</context>
<context>
    <name>Tasks</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
</context>
<context>
    <name>TensorPlot</name>
    <message>
        <source>{name}: None</source>
        <translation>{name}: None</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>Show the tensors</source>
        <translation>Mostrar los tensores</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Train…</source>
        <translation>Entrenar…</translation>
    </message>
    <message>
        <source>Insert a training loop for a loss: forward, backward, update, zero_grad, repeated</source>
        <translation>Insertar un bucle de entrenamiento para una pérdida: forward, backward, actualización, zero_grad, repetidos</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Move the action earlier</source>
        <translation>Mover la acción antes</translation>
    </message>
    <message>
        <source>Move the action later</source>
        <translation>Mover la acción después</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteración</translation>
    </message>
    <message>
        <source>Backward step</source>
        <translation>Backward</translation>
    </message>
    <message>
        <source>Each grad_fn the backward pass runs, in engine order (Step Through Backward shows the chain rule)</source>
        <translation>Cada grad_fn que ejecuta el pase hacia atrás, en el orden del motor (Backward paso a paso muestra la regla de la cadena)</translation>
    </message>
    <message>
        <source>no backward pass at this step</source>
        <translation>aquí no hay pase hacia atrás</translation>
    </message>
    <message>
        <source>999 of 999: AccumulateGrad</source>
        <translation>999/999: AccumulateGrad</translation>
    </message>
    <message>
        <source>after forward</source>
        <translation>después de forward</translation>
    </message>
    <message>
        <source>after step {step}: {v}</source>
        <translation>después del paso {step}: {v}</translation>
    </message>
    <message>
        <source>, in iteration {v} of {v2}</source>
        <translation>, en la iteración {v} de {v2}</translation>
    </message>
    <message>
        <source>   ⚠ recorded before your edits</source>
        <translation>   ⚠ grabado antes de tus cambios</translation>
    </message>
    <message>
        <source>printed: </source>
        <translation>impreso: </translation>
    </message>
    <message>
        <source>: before it</source>
        <translation>: antes</translation>
    </message>
    <message>
        <source>{v} of {total}</source>
        <translation>{v}/{total}</translation>
    </message>
</context>
<context>
    <name>TimelineDetails</name>
    <message>
        <source>No actions yet: only the forward pass runs. Select a node and press Ctrl+B (or Add ▸ backward()) to call its backward() after it.</source>
        <translation>Aún no hay acciones: solo se ejecuta el pase hacia adelante. Selecciona un nodo y pulsa Ctrl+B (o Añadir ▸ backward()) para llamar a su backward() después.</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
    <message>
        <source>Select an action to change it.</source>
        <translation>Selecciona una acción para cambiarla.</translation>
    </message>
    <message>
        <source>Step {step}, {v}, freed the saved tensors this step needs. Passing retain_graph=True there keeps them (ticking it on this step only keeps them for a later one).</source>
        <translation>El paso {step}, {v}, liberó los tensores guardados que necesita este paso. Pasar retain_graph=True allí los conserva (marcarlo en este paso solo los conserva para uno posterior).</translation>
    </message>
    <message>
        <source>Tick retain_graph on step {step}</source>
        <translation>Marcar retain_graph en el paso {step}</translation>
    </message>
    <message>
        <source>Pass gradient=torch.ones_like({name})</source>
        <translation>Pasar gradient=torch.ones_like({name})</translation>
    </message>
    <message>
        <source>backward() of a tensor with {v} elements needs the vector v of the vector-Jacobian product vᵀJ: ones add up every element&apos;s gradient, as {name}.sum().backward() would.</source>
        <translation>backward() de un tensor con {v} elementos necesita el vector v del producto vector-jacobiana vᵀJ: los unos suman el gradiente de cada elemento, como haría {name}.sum().backward().</translation>
    </message>
    <message>
        <source>None (unused)</source>
        <translation>None (sin usar)</translation>
    </message>
    <message>
        <source>&lt;b&gt;returned&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;devuelto&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source>PyTorch&apos;s default ({v})</source>
        <translation>Valor por defecto de PyTorch ({v})</translation>
    </message>
    <message>
        <source>one number per group: 0.05, 0.2</source>
        <translation>un número por grupo: 0.05, 0.2</translation>
    </message>
    <message>
        <source>every group</source>
        <translation>todos los grupos</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a number; leave it empty for PyTorch&apos;s default.</source>
        <translation>«{text}» no es un número; déjalo vacío para el valor por defecto de PyTorch.</translation>
    </message>
</context>
<context>
    <name>TimelineEditors</name>
    <message>
        <source>The gradient flowing into {name}: the vector v of vᵀJ, shaped like {name} ((none): 1, for a one-element {name})</source>
        <translation>El gradiente que fluye hacia {name}: el vector v de vᵀJ, con la forma de {name} ((none): 1, para un {name} de un elemento)</translation>
    </message>
    <message>
        <source>for {name}</source>
        <translation>para {name}</translation>
    </message>
    <message>
        <source>Choose the outputs first.</source>
        <translation>Elige primero las salidas.</translation>
    </message>
    <message>
        <source>… and {v} more lines</source>
        <translation>… y {v} líneas más</translation>
    </message>
    <message>
        <source>Its hooks printed:
</source>
        <translation>Sus hooks imprimieron:
</translation>
    </message>
</context>
<context>
    <name>TimelineGroups</name>
    <message>
        <source>the optimizer&apos;s lr</source>
        <translation>lr del optimizador</translation>
    </message>
    <message>
        <source>The learning rate of group {k} ({tensors}); leave it empty for the optimizer&apos;s own lr.</source>
        <translation>La tasa de aprendizaje del grupo {k} ({tensors}); déjalo vacío para la lr del optimizador.</translation>
    </message>
    <message>
        <source>group {k} lr</source>
        <translation>lr del grupo {k}</translation>
    </message>
</context>
<context>
    <name>TimelineMenu</name>
    <message>
        <source>Insert after</source>
        <translation>Insertar después</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicar</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Bajar</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
</context>
<context>
    <name>Trace</name>
    <message>
        <source>The script must be text.</source>
        <translation>El script debe ser texto.</translation>
    </message>
    <message>
        <source>The script is larger than 1 MB; trace a shorter one.</source>
        <translation>El script ocupa más de 1 MB; rastrea uno más corto.</translation>
    </message>
    <message>
        <source>Could not start Python to run the script ({exc}).</source>
        <translation>No se pudo iniciar Python para ejecutar el script ({exc}).</translation>
    </message>
    <message>
        <source>The script produced a graph too large to open.</source>
        <translation>El script produjo un grafo demasiado grande para abrirlo.</translation>
    </message>
    <message>
        <source>It printed more than {size} MB of errors; the rest was cut.</source>
        <translation>Imprimió más de {size} MB de errores; el resto se recortó.</translation>
    </message>
    <message>
        <source>The script stopped Python before it finished (exit code {code}){detail}.</source>
        <translation>El script detuvo Python antes de terminar (código de salida {code}){detail}.</translation>
    </message>
    <message>
        <source>The traced program could not be drawn: {exc}</source>
        <translation>El programa rastreado no se pudo dibujar: {exc}</translation>
    </message>
    <message>
        <source>The trace was cancelled.</source>
        <translation>Se canceló el rastreo.</translation>
    </message>
    <message>
        <source>The script was still running after {seconds} seconds on the clock and was stopped (its limit of {limit} seconds counts only the time it computes; it was waiting, or the computer was too busy to run it).</source>
        <translation>El script seguía ejecutándose tras {seconds} segundos de reloj y se detuvo (su límite de {limit} segundos solo cuenta el tiempo que calcula; estaba esperando, o el ordenador estaba demasiado ocupado para ejecutarlo).</translation>
    </message>
    <message>
        <source>The script could not be traced.</source>
        <translation>No se pudo rastrear el script.</translation>
    </message>
    <message>
        <source>line {line}: GradStudio cannot trace this: {reason}.</source>
        <translation>línea {line}: GradStudio no puede rastrear esto: {reason}.</translation>
    </message>
    <message>
        <source>GradStudio cannot trace this: {reason}.</source>
        <translation>GradStudio no puede rastrear esto: {reason}.</translation>
    </message>
    <message>
        <source>The script computed for more than {seconds} seconds of processor time (an endless loop?) and was stopped.</source>
        <translation>El script calculó durante más de {seconds} segundos de tiempo de procesador (¿un bucle infinito?) y se detuvo.</translation>
    </message>
    <message>
        <source>The script stopped with exit status {code}.</source>
        <translation>El script terminó con el estado de salida {code}.</translation>
    </message>
    <message>
        <source>The trace&apos;s result was rejected because the script wrote into the tracer&apos;s channel; trace it without writing to descriptors it did not open.</source>
        <translation>El resultado del rastreo se rechazó porque el script escribió en el canal del rastreador; rastréelo sin escribir en descriptores que no haya abierto.</translation>
    </message>
</context>
<context>
    <name>TraceCheck</name>
    <message>
        <source>{name} would have shape {got} where the script&apos;s had {want}</source>
        <translation>{name} tendría la forma {got} donde la del script tenía {want}</translation>
    </message>
    <message>
        <source>{what} after {step}</source>
        <translation>{what} después de {step}</translation>
    </message>
    <message>
        <source>the graph would differ from the script from {where}: {what}</source>
        <translation>el grafo diferiría del script a partir de {where}: {what}</translation>
    </message>
    <message>
        <source>The graph would differ from the script from {where}: {what}, so it was not drawn.</source>
        <translation>El grafo diferiría del script a partir de {where}: {what}, así que no se dibujó.</translation>
    </message>
    <message>
        <source>its hooks would print other lines during the forward pass than the script&apos;s</source>
        <translation>sus hooks imprimirían en el pase hacia adelante otras líneas que los del script</translation>
    </message>
    <message>
        <source>{what} at the end</source>
        <translation>{what} al final</translation>
    </message>
    <message>
        <source>{name} is changed later by something the graph cannot show</source>
        <translation>{name} cambia más tarde por algo que el grafo no puede mostrar</translation>
    </message>
    <message>
        <source>line {line} ({code})</source>
        <translation>la línea {line} ({code})</translation>
    </message>
    <message>
        <source>the start</source>
        <translation>el principio</translation>
    </message>
    <message>
        <source>{name} would fail ({error}) where the script computed it</source>
        <translation>{name} fallaría ({error}) donde el script lo calculó</translation>
    </message>
    <message>
        <source>{name} would be {dtype} where the script made {want}</source>
        <translation>{name} sería {dtype} donde el script produjo {want}</translation>
    </message>
    <message>
        <source>{name} would have grad_fn {got} where the script&apos;s had {want}</source>
        <translation>{name} tendría grad_fn {got} donde el del script tenía {want}</translation>
    </message>
    <message>
        <source>the script&apos;s step {kind} would be missing</source>
        <translation>faltaría el paso {kind} del script</translation>
    </message>
    <message>
        <source>the {kind} step</source>
        <translation>el paso {kind}</translation>
    </message>
    <message>
        <source>what its hooks print during {step} would differ from what the script&apos;s did</source>
        <translation>lo que sus hooks imprimen durante {step} diferiría de lo que imprimieron los del script</translation>
    </message>
    <message>
        <source>{step} would fail ({error})</source>
        <translation>{step} fallaría ({error})</translation>
    </message>
    <message>
        <source>{step} would succeed where the script&apos;s raised an error</source>
        <translation>{step} tendría éxito donde el del script lanzó un error</translation>
    </message>
    <message>
        <source>the gradient {j} it returns</source>
        <translation>el gradiente {j} que devuelve</translation>
    </message>
    <message>
        <source>the loop would stop after {done} of its {count} iterations</source>
        <translation>el bucle se detendría tras {done} de sus {count} iteraciones</translation>
    </message>
    <message>
        <source>what its hooks print would differ in iteration {k} of the loop</source>
        <translation>lo que imprimen sus hooks diferiría en la iteración {k} del bucle</translation>
    </message>
    <message>
        <source>{what} in iteration {k} of the loop</source>
        <translation>{what} en la iteración {k} del bucle</translation>
    </message>
    <message>
        <source>{what} in the last iteration of the loop</source>
        <translation>{what} en la última iteración del bucle</translation>
    </message>
    <message>
        <source>{name} would be None where the script had a gradient</source>
        <translation>{name} sería None donde el script tenía un gradiente</translation>
    </message>
    <message>
        <source>{name} would be a gradient where the script had None</source>
        <translation>{name} sería un gradiente donde el script tenía None</translation>
    </message>
    <message>
        <source>{name} would hold other values than the script&apos;s</source>
        <translation>{name} tendría otros valores que el del script</translation>
    </message>
    <message>
        <source>{name}{index} would be {got} where the script computed {want}</source>
        <translation>{name}{index} sería {got} donde el script calculó {want}</translation>
    </message>
</context>
<context>
    <name>TraceNotes</name>
    <message>
        <source>line {line}</source>
        <translation>línea {line}</translation>
    </message>
    <message>
        <source>cell {cell}, line {line}</source>
        <translation>celda {cell}, línea {line}</translation>
    </message>
    <message>
        <source>Cell {cell}</source>
        <translation>La celda {cell}</translation>
    </message>
    <message>
        <source>Cell {cell}, line {line}</source>
        <translation>La celda {cell}, línea {line}</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What it printed is recorded as text and everything after it is drawn.</source>
        <translation>Sin dibujar: {parts}. Lo que imprimió está grabado como texto y todo lo que viene después está dibujado.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What it printed is recorded as text, 1 tensor the graph uses from it is a recorded value (marked with the line that made it), and everything after it is drawn.</source>
        <translation>Sin dibujar: {parts}. Lo que imprimió está grabado como texto, 1 tensor de esa parte que usa el grafo es un valor grabado (marcado con la línea que lo produjo) y todo lo que viene después está dibujado.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What it printed is recorded as text, {count} tensors the graph uses from it are recorded values (marked with the line that made each), and everything after it is drawn.</source>
        <translation>Sin dibujar: {parts}. Lo que imprimió está grabado como texto, {count} tensores de esa parte que usa el grafo son valores grabados (cada uno marcado con la línea que lo produjo) y todo lo que viene después está dibujado.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What they printed is recorded as text and everything after them is drawn.</source>
        <translation>Sin dibujar: {parts}. Lo que imprimieron está grabado como texto y todo lo que viene después está dibujado.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What they printed is recorded as text, 1 tensor the graph uses from them is a recorded value (marked with the line that made it), and everything after them is drawn.</source>
        <translation>Sin dibujar: {parts}. Lo que imprimieron está grabado como texto, 1 tensor de esas partes que usa el grafo es un valor grabado (marcado con la línea que lo produjo) y todo lo que viene después está dibujado.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What they printed is recorded as text, {count} tensors the graph uses from them are recorded values (marked with the line that made each), and everything after them is drawn.</source>
        <translation>Sin dibujar: {parts}. Lo que imprimieron está grabado como texto, {count} tensores de esas partes que usa el grafo son valores grabados (cada uno marcado con la línea que lo produjo) y todo lo que viene después está dibujado.</translation>
    </message>
    <message>
        <source>Nothing of this program could be drawn ({reason}); what it printed is recorded, as text.</source>
        <translation>No se pudo dibujar nada de este programa ({reason}); lo que imprimió está grabado como texto.</translation>
    </message>
    <message>
        <source>Drawn up to line {line}; from there on, what the program printed is recorded, as text, because {reason}.</source>
        <translation>Dibujado hasta la línea {line}; a partir de ahí, lo que imprimió el programa está grabado como texto, porque {reason}.</translation>
    </message>
    <message>
        <source>Drawn up to where it could; from there on, what the program printed is recorded, as text, because {reason}.</source>
        <translation>Dibujado hasta donde se pudo; a partir de ahí, lo que imprimió el programa está grabado como texto, porque {reason}.</translation>
    </message>
    <message>
        <source>It could not be drawn on after that with the values it computed recorded, because {reason}.</source>
        <translation>No se pudo seguir dibujando después con los valores que calculó grabados, porque {reason}.</translation>
    </message>
    <message>
        <source>lines {first}–{last}</source>
        <translation>líneas {first}–{last}</translation>
    </message>
    <message>
        <source>{lines} from line {line} on</source>
        <translation>{lines} desde la línea {line}</translation>
    </message>
    <message>
        <source>{part} ({reason})</source>
        <translation>{part} ({reason})</translation>
    </message>
</context>
<context>
    <name>TraceRefusal</name>
    <message>
        <source>{name} is not in GradStudio yet</source>
        <translation>{name} aún no está en GradStudio</translation>
    </message>
    <message>
        <source>a gradient is used as a value inside a training loop whose forward is computed once more just before the loop, which cannot be folded into one graph and a loop block</source>
        <translation>se usa un gradiente como valor dentro de un bucle de entrenamiento cuyo pase hacia adelante se calcula otra vez justo antes del bucle, lo que no se puede resumir en un grafo y un bloque de bucle</translation>
    </message>
    <message>
        <source>a tensor made in an earlier iteration of the training loop (such as a list of losses) is used after the loop, which one graph and a loop block cannot show</source>
        <translation>se usa después del bucle un tensor creado en una iteración anterior del bucle de entrenamiento (como una lista de pérdidas), lo que un grafo y un bloque de bucle no pueden mostrar</translation>
    </message>
    <message>
        <source>a training loop whose forward moves a BatchNorm&apos;s running statistics, computed once more just before the loop, cannot be folded into one graph and a loop block: the graph would move them once more</source>
        <translation>un bucle de entrenamiento cuyo paso hacia delante mueve las estadísticas acumuladas de una BatchNorm, calculado una vez más justo antes del bucle, no se puede plegar en un grafo y un bloque de bucle: el grafo las movería una vez más</translation>
    </message>
    <message>
        <source>a training loop whose forward draws random numbers, computed once more just before the loop, cannot be folded into one graph and a loop block: the graph would draw them in another order</source>
        <translation>un bucle de entrenamiento cuyo pase hacia adelante extrae números aleatorios y se calcula otra vez justo antes del bucle no se puede resumir en un grafo y un bloque de bucle: el grafo los extraería en otro orden</translation>
    </message>
    <message>
        <source>this training loop&apos;s iterations are not the same steps each time (a different batch, or a step only some iterations take), so it cannot be folded into a loop block, and drawn unrolled it would take more than {steps} training steps</source>
        <translation>las iteraciones de este bucle de entrenamiento no son siempre los mismos pasos (otro lote, o un paso que solo dan algunas iteraciones), así que no se puede resumir en un bloque de bucle, y desenrollado ocuparía más de {steps} pasos de entrenamiento</translation>
    </message>
    <message>
        <source>this training loop uses on line {at} ({code}) a tensor of an earlier iteration or one made before the iteration&apos;s step (such as total = total + loss, or losses.append(loss.detach()) after opt.step()), so it cannot be folded into a loop block, and drawn unrolled it would take more than {steps} training steps</source>
        <translation>este bucle de entrenamiento usa en la línea {at} ({code}) un tensor de una iteración anterior o uno calculado antes del paso de la iteración (como total = total + loss, o losses.append(loss.detach()) tras opt.step()), así que no puede plegarse en un bloque de bucle, y dibujado desenrollado ocuparía más de {steps} pasos de entrenamiento</translation>
    </message>
    <message>
        <source>this training loop computes on line {at} ({code}) a tensor after the iteration&apos;s step (such as losses.append(loss.detach()) after opt.step()), so it cannot be folded into a loop block, and drawn unrolled it would take more than {steps} training steps</source>
        <translation>este bucle de entrenamiento calcula en la línea {at} ({code}) un tensor después del paso de la iteración (como losses.append(loss.detach()) tras opt.step()), así que no puede plegarse en un bloque de bucle, y dibujado desenrollado ocuparía más de {steps} pasos de entrenamiento</translation>
    </message>
    <message>
        <source>a training loop of more than {count} iterations cannot be drawn</source>
        <translation>un bucle de entrenamiento de más de {count} iteraciones no se puede dibujar</translation>
    </message>
    <message>
        <source>{what} cannot be drawn yet: a hook changes or reads gradients during backward, which the graph cannot show</source>
        <translation>{what} aún no se puede dibujar: un hook cambia o lee gradientes durante backward, lo que el grafo no puede mostrar</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) cannot be drawn yet: it reads or changes gradients during backward, which the graph cannot show</source>
        <translation>el hook hacia atrás de un módulo ({what}) aún no se puede dibujar: lee o cambia gradientes durante backward, lo que el grafo no puede mostrar</translation>
    </message>
    <message>
        <source>forward-mode AD ({what}) cannot be drawn yet: the graph holds values and their gradients, not the tangents a dual tensor carries</source>
        <translation>la diferenciación automática hacia delante ({what}) aún no puede dibujarse: el grafo guarda valores y sus gradientes, no las tangentes que lleva un tensor dual</translation>
    </message>
    <message>
        <source>a hook can be drawn when it is a lambda or function of the script returning an expression of its gradient and numbers, such as lambda grad: grad * 10, or printing them, such as lambda grad: print(grad)</source>
        <translation>un hook se puede dibujar cuando es una lambda o función del script que devuelve una expresión de su gradiente y números, como lambda grad: grad * 10, o que los imprime, como lambda grad: print(grad)</translation>
    </message>
    <message>
        <source>a hook the graph does not hold printed during this step</source>
        <translation>un hook que el grafo no contiene imprimió durante este paso</translation>
    </message>
    <message>
        <source>a hook run after the gradient is accumulated (register_post_accumulate_grad_hook) can be drawn when it prints p.grad or keeps an expression of it, such as lambda p: print(p.grad); this one does more</source>
        <translation>un hook que se ejecuta después de acumular el gradiente (register_post_accumulate_grad_hook) se puede dibujar cuando imprime p.grad o guarda una expresión de él, como lambda p: print(p.grad); este hace más</translation>
    </message>
    <message>
        <source>this hook&apos;s text was not found in the script; {how}</source>
        <translation>el texto de este hook no se encontró en el script; {how}</translation>
    </message>
    <message>
        <source>this hook ({name}) cannot be drawn yet; {how}</source>
        <translation>este hook ({name}) aún no se puede dibujar; {how}</translation>
    </message>
    <message>
        <source>a hook taking other arguments than the gradient cannot be drawn yet; {how}</source>
        <translation>un hook que recibe otros argumentos además del gradiente aún no se puede dibujar; {how}</translation>
    </message>
    <message>
        <source>a hook whose body is more than one return or print cannot be drawn yet; {how}</source>
        <translation>un hook cuyo cuerpo es más que un return o un print aún no se puede dibujar; {how}</translation>
    </message>
    <message>
        <source>this hook cannot be drawn yet ({error}); {how}</source>
        <translation>este hook aún no se puede dibujar ({error}); {how}</translation>
    </message>
    <message>
        <source>several functions on one line: this hook cannot be drawn yet; {how}</source>
        <translation>varias funciones en una línea: este hook aún no se puede dibujar; {how}</translation>
    </message>
    <message>
        <source>a gradient used as a value inside this training loop cannot be drawn yet: the loop block cannot show where it is computed</source>
        <translation>un gradiente usado como valor dentro de este bucle de entrenamiento aún no se puede dibujar: el bloque de bucle no puede mostrar dónde se calcula</translation>
    </message>
    <message>
        <source>a tensor a training loop computes from a random draw or a gradient of its iteration (such as X[idx] with idx = torch.randint(...) in the loop) is used after the loop, which cannot be drawn yet: the loop block computes it anew in every iteration</source>
        <translation>se usa después del bucle un tensor que un bucle de entrenamiento calcula a partir de una extracción aleatoria o de un gradiente de su iteración (como X[idx] con idx = torch.randint(...) en el bucle), lo que aún no se puede dibujar: el bloque de bucle lo calcula de nuevo en cada iteración</translation>
    </message>
    <message>
        <source>the tensor an nn.Parameter was made from is used again, which cannot be drawn yet: it shares the parameter&apos;s memory, so training the parameter changes it too; use the parameter itself</source>
        <translation>se vuelve a usar el tensor a partir del cual se creó un nn.Parameter, lo que aún no se puede dibujar: comparte la memoria del parámetro, así que entrenar el parámetro también lo cambia; use el propio parámetro</translation>
    </message>
    <message>
        <source>nn.Parameter of a tensor the script already computes with cannot be drawn yet: make the parameter from a new tensor, as nn.Parameter(torch.randn(3)) does</source>
        <translation>un nn.Parameter de un tensor con el que el script ya calcula aún no se puede dibujar: cree el parámetro a partir de un tensor nuevo, como hace nn.Parameter(torch.randn(3))</translation>
    </message>
    <message>
        <source>nn.Parameter() without a tensor cannot be drawn yet: give it the tensor it starts from, as nn.Parameter(torch.zeros(3))</source>
        <translation>nn.Parameter() sin un tensor aún no se puede dibujar: dele el tensor del que parte, como nn.Parameter(torch.zeros(3))</translation>
    </message>
    <message>
        <source>an nn.Embedding made from a given weight cannot be drawn yet: let it draw its own, or use F.embedding with a tensor of yours</source>
        <translation>un nn.Embedding creado a partir de un peso dado aún no se puede dibujar: deje que extraiga el suyo, o use F.embedding con un tensor propio</translation>
    </message>
    <message>
        <source>an in-place update of a leaf that requires grad can be drawn only as a training step of the form w -= lr * w.grad (or w.data -= lr * w.grad, or w.sub_(lr * w.grad)) with lr a plain number</source>
        <translation>una modificación in situ de una hoja que requiere gradiente solo se puede dibujar como un paso de entrenamiento de la forma w -= lr * w.grad (o w.data -= lr * w.grad, o w.sub_(lr * w.grad)) con lr un número simple</translation>
    </message>
    <message>
        <source>writing through .data (such as w.data.zero_() or w.data = ...) cannot be drawn yet, except as a training step w.data -= lr * w.grad or a parameter&apos;s change by a plain number (w.data.clamp_(-1, 1), w.data.mul_(0.99)): it changes a tensor without autograd seeing it</source>
        <translation>escribir a través de .data (como w.data.zero_() o w.data = ...) aún no se puede dibujar, salvo como paso de entrenamiento w.data -= lr * w.grad o como cambio de un parámetro por un número simple (w.data.clamp_(-1, 1), w.data.mul_(0.99)): cambia un tensor sin que autograd lo vea</translation>
    </message>
    <message>
        <source>an in-place {method} of a leaf that requires grad (a parameter) cannot be drawn yet: the graph draws an in-place change of a parameter only as a training step w -= lr * w.grad</source>
        <translation>un {method} en el sitio de una hoja que requiere gradiente (un parámetro) aún no se puede dibujar: el grafo dibuja un cambio en el sitio de un parámetro solo como un paso de entrenamiento w -= lr * w.grad</translation>
    </message>
    <message>
        <source>a number read from a tensor (such as loss.item() or x.tolist()) is used to compute a new tensor, which cannot be drawn yet: the graph would hold it as a constant</source>
        <translation>se usa un número leído de un tensor (como loss.item() o x.tolist()) para calcular un tensor nuevo, lo que aún no se puede dibujar: el grafo lo guardaría como una constante</translation>
    </message>
    <message>
        <source>a numpy value is used to compute a new tensor after the script read a tensor as a numpy array (x.numpy()); GradStudio cannot tell whether it holds that tensor&apos;s numbers, so it does not draw it as a constant</source>
        <translation>se usa un valor de numpy para calcular un tensor nuevo después de que el script leyera un tensor como array de numpy (x.numpy()); GradStudio no puede saber si contiene los números de ese tensor, así que no lo dibuja como una constante</translation>
    </message>
    <message>
        <source>the rows random_split chose at line {made} are used to compute a new tensor, which cannot be drawn yet: the graph would hold those rows as constants</source>
        <translation>las filas que random_split eligió en la línea {made} se usan para calcular un tensor nuevo, lo que aún no se puede dibujar: el grafo guardaría esas filas como constantes</translation>
    </message>
    <message>
        <source>the DataLoader at line {loading} makes its batches from the rows random_split chose at line {made}, which cannot be drawn yet unless the split is of a TensorDataset of the graph&apos;s tensors: the graph would hold those rows as constants</source>
        <translation>el DataLoader de la línea {loading} forma sus lotes con las filas que random_split eligió en la línea {made}, lo que aún no se puede dibujar salvo que la división sea de un TensorDataset de tensores del grafo: el grafo guardaría esas filas como constantes</translation>
    </message>
    <message>
        <source>the number</source>
        <translation>el número</translation>
    </message>
    <message>
        <source>the fill value</source>
        <translation>el valor de relleno</translation>
    </message>
    <message>
        <source>{what} must be a plain number to be drawn</source>
        <translation>{what} debe ser un número simple para dibujarse</translation>
    </message>
    <message>
        <source>an in-place update of a view (such as v = x[1:]; v += 5, or x[1:].mul_(3)) cannot be drawn: it changes the tensor it views; compute a new tensor instead, or write x[1:] += 5</source>
        <translation>una modificación in situ de una vista (como v = x[1:]; v += 5, o x[1:].mul_(3)) no se puede dibujar: cambia el tensor que muestra; calcule en su lugar un tensor nuevo, o escriba x[1:] += 5</translation>
    </message>
    <message>
        <source>an in-place update of a part of a tensor that requires grad (such as y[0] += 5 or y[1:].mul_(3)) cannot be drawn yet; compute a new tensor instead (for example with torch.cat)</source>
        <translation>una modificación in situ de una parte de un tensor que requiere gradiente (como y[0] += 5 o y[1:].mul_(3)) aún no se puede dibujar; calcule en su lugar un tensor nuevo (por ejemplo con torch.cat)</translation>
    </message>
    <message>
        <source>assigning into a .grad (x.grad[0] = 0) cannot be drawn yet</source>
        <translation>asignar dentro de un .grad (x.grad[0] = 0) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>assigning through .data (x.data[0] = 0) cannot be drawn: it changes a tensor without autograd seeing it</source>
        <translation>asignar a través de .data (x.data[0] = 0) no se puede dibujar: cambia un tensor sin que autograd lo vea</translation>
    </message>
    <message>
        <source>an in-place update of a tensor that shares its memory with another (through x.detach() or x.data) cannot be drawn: it changes both; compute a new tensor instead</source>
        <translation>una modificación in situ de un tensor que comparte su memoria con otro (a través de x.detach() o x.data) no se puede dibujar: cambia ambos; calcule en su lugar un tensor nuevo</translation>
    </message>
    <message>
        <source>this assignment cannot be drawn yet; index with integers, slices, lists and at most two tensors (x[mask] = 0, x[:, idx] = v)</source>
        <translation>esta asignación aún no se puede dibujar; indexe con enteros, slices, listas y como mucho dos tensores (x[mask] = 0, x[:, idx] = v)</translation>
    </message>
    <message>
        <source>the value written</source>
        <translation>el valor escrito</translation>
    </message>
    <message>
        <source>backward(inputs=...) cannot be drawn</source>
        <translation>backward(inputs=...) no se puede dibujar</translation>
    </message>
    <message>
        <source>backward&apos;s gradient must be a tensor to be drawn</source>
        <translation>el gradiente de backward debe ser un tensor para dibujarse</translation>
    </message>
    <message>
        <source>torch.autograd.backward with several tensors cannot be drawn; call backward on each</source>
        <translation>torch.autograd.backward con varios tensores no se puede dibujar; llame a backward en cada uno</translation>
    </message>
    <message>
        <source>torch.autograd.grad&apos;s grad_outputs can be drawn only as one tensor or None per output</source>
        <translation>los grad_outputs de torch.autograd.grad solo se pueden dibujar como un tensor o None por salida</translation>
    </message>
    <message>
        <source>{what} cannot be drawn unless it is a plain, finite number</source>
        <translation>{what} solo se puede dibujar si es un número simple y finito</translation>
    </message>
    <message>
        <source>gradient clipping cannot be drawn unless it is given a tensor or a list of tensors (such as model.parameters())</source>
        <translation>el recorte de gradientes solo se puede dibujar si recibe un tensor o una lista de tensores (como model.parameters())</translation>
    </message>
    <message>
        <source>clip_grad_norm_(..., foreach=...) cannot be drawn yet</source>
        <translation>clip_grad_norm_(..., foreach=...) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>clip_grad_norm_ with norm_type={norm} cannot be drawn yet: a document clips by the 2-norm, the 1-norm or the largest value (inf)</source>
        <translation>clip_grad_norm_ con norm_type={norm} aún no se puede dibujar: un documento recorta por la norma 2, la norma 1 o el valor mayor (inf)</translation>
    </message>
    <message>
        <source>clip_grad_value_(..., foreach=...) cannot be drawn yet</source>
        <translation>clip_grad_value_(..., foreach=...) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>load_state_dict(..., assign=True) cannot be drawn yet: it replaces the parameters instead of loading values into them</source>
        <translation>load_state_dict(..., assign=True) aún no se puede dibujar: reemplaza los parámetros en lugar de cargar valores en ellos</translation>
    </message>
    <message>
        <source>load_state_dict cannot be drawn unless the state_dict holds exactly the module&apos;s parameters and buffers, by name (or strict=False)</source>
        <translation>load_state_dict solo se puede dibujar si el state_dict contiene exactamente los parámetros y buffers del módulo, por nombre (o con strict=False)</translation>
    </message>
    <message>
        <source>load_state_dict cannot be drawn unless {name} is a tensor of the parameter&apos;s shape</source>
        <translation>load_state_dict solo se puede dibujar si {name} es un tensor con la forma del parámetro</translation>
    </message>
    <message>
        <source>torch.set_printoptions(profile={profile}) cannot be drawn: a profile is &apos;default&apos;, &apos;short&apos; or &apos;full&apos;</source>
        <translation>torch.set_printoptions(profile={profile}) no se puede dibujar: un perfil es &apos;default&apos;, &apos;short&apos; o &apos;full&apos;</translation>
    </message>
    <message>
        <source>torch.set_printoptions({name}={value}) cannot be drawn unless {name} is a plain, finite number</source>
        <translation>torch.set_printoptions({name}={value}) solo se puede dibujar si {name} es un número simple y finito</translation>
    </message>
    <message>
        <source>torch.set_printoptions(sci_mode={value}) cannot be drawn unless sci_mode is True, False or None</source>
        <translation>torch.set_printoptions(sci_mode={value}) solo se puede dibujar si sci_mode es True, False o None</translation>
    </message>
    <message>
        <source>retain_grad() is called here after a backward pass that ran after the tensor was computed; a graph marks a tensor for the whole program. Call retain_grad() right after computing the tensor.</source>
        <translation>aquí se llama a retain_grad() después de un pase hacia atrás que se ejecutó tras calcular el tensor; un grafo marca un tensor para todo el programa. Llame a retain_grad() justo después de calcular el tensor.</translation>
    </message>
    <message>
        <source>this indexing with a tensor cannot be drawn yet; use at most two tensors with integers, slices and lists (x[mask], x[:, idx], x[rows, cols])</source>
        <translation>esta indexación con un tensor aún no se puede dibujar; use como mucho dos tensores con enteros, slices y listas (x[mask], x[:, idx], x[rows, cols])</translation>
    </message>
    <message>
        <source>the {name} of torch.where</source>
        <translation>el {name} de torch.where</translation>
    </message>
    <message>
        <source>{kind} with class probabilities as the target cannot be drawn yet</source>
        <translation>{kind} con probabilidades de clase como objetivo todavía no se puede dibujar</translation>
    </message>
    <message>
        <source>a {dtype} tensor cannot be drawn</source>
        <translation>un tensor {dtype} no se puede dibujar</translation>
    </message>
    <message>
        <source>torch.{kind}(..., generator=) cannot be drawn yet</source>
        <translation>torch.{kind}(..., generator=) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>a draw from a torch.Generator whose state changed outside the graph&apos;s draws (set_state, a draw the graph has no node for) cannot be drawn yet</source>
        <translation>una extracción de un torch.Generator cuyo estado cambió fuera de las extracciones del grafo (set_state, una extracción sin nodo en el grafo) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>{what} cannot be drawn yet</source>
        <translation>{what} aún no se puede dibujar</translation>
    </message>
    <message>
        <source>Tensor.{kind}_ cannot be drawn yet, except on a new torch.empty tensor, or a parameter nothing used yet</source>
        <translation>Tensor.{kind}_ aún no se puede dibujar, salvo sobre un tensor nuevo de torch.empty o un parámetro que nada ha usado aún</translation>
    </message>
    <message>
        <source>a document&apos;s seed is from 0 to 2**63 - 1</source>
        <translation>la semilla de un documento va de 0 a 2**63 - 1</translation>
    </message>
    <message>
        <source>changing a .grad in place (other than {points}) cannot be drawn yet</source>
        <translation>cambiar un .grad in situ (salvo con {points}) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>a {dtype} nn.Linear cannot be drawn</source>
        <translation>un nn.Linear {dtype} no se puede dibujar</translation>
    </message>
    <message>
        <source>a {dtype} convolution layer cannot be drawn</source>
        <translation>una capa de convolución en {dtype} no se puede dibujar</translation>
    </message>
    <message>
        <source>dropout(inplace=True) cannot be drawn yet: it writes its mask into the tensor; use inplace=False</source>
        <translation>dropout(inplace=True) aún no se puede dibujar: escribe su máscara en el tensor; use inplace=False</translation>
    </message>
    <message>
        <source>the operation &apos;{name}&apos; cannot be drawn yet</source>
        <translation>la operación &apos;{name}&apos; aún no se puede dibujar</translation>
    </message>
    <message>
        <source>the {name}</source>
        <translation>el valor {name}</translation>
    </message>
    <message>
        <source>the {name} of &apos;{name}&apos; cannot be drawn yet</source>
        <translation>el valor {name} de &apos;{name}&apos; aún no se puede dibujar</translation>
    </message>
    <message>
        <source>{name} with a number in place of the tensor &apos;{port}&apos; cannot be drawn yet; give it a tensor</source>
        <translation>{name} con un número en lugar del tensor &apos;{port}&apos; aún no se puede dibujar; dele un tensor</translation>
    </message>
    <message>
        <source>rsub with alpha cannot be drawn</source>
        <translation>rsub con alpha no se puede dibujar</translation>
    </message>
    <message>
        <source>the base</source>
        <translation>la base</translation>
    </message>
    <message>
        <source>the correction</source>
        <translation>la corrección</translation>
    </message>
    <message>
        <source>converting to {dtype} cannot be drawn; use one of {dtypes}</source>
        <translation>convertir a {dtype} no se puede dibujar; use uno de {dtypes}</translation>
    </message>
    <message>
        <source>torch.{name} of more than {count} tensors cannot be drawn yet</source>
        <translation>torch.{name} de más de {count} tensores aún no se puede dibujar</translation>
    </message>
    <message>
        <source>this indexing cannot be drawn yet; use integers, slices, lists, and at most two tensors (x[mask], x[:, idx], x[rows, cols])</source>
        <translation>esta indexación aún no se puede dibujar; use enteros, slices, listas y como mucho dos tensores (x[mask], x[:, idx], x[rows, cols])</translation>
    </message>
    <message>
        <source>this loss cannot be drawn yet: only cross_entropy and nll_loss without a weight per class can</source>
        <translation>esta pérdida aún no se puede dibujar: solo cross_entropy y nll_loss sin peso por clase se pueden dibujar</translation>
    </message>
    <message>
        <source>torch.where with a condition that is not a tensor cannot be drawn; give it a bool tensor such as x &gt; 0</source>
        <translation>torch.where con una condición que no es un tensor no se puede dibujar; dele un tensor bool como x &gt; 0</translation>
    </message>
    <message>
        <source>this assignment into a tensor cannot be drawn yet</source>
        <translation>esta asignación dentro de un tensor aún no se puede dibujar</translation>
    </message>
    <message>
        <source>lr, momentum, nesterov and weight_decay</source>
        <translation>lr, momentum, nesterov y weight_decay</translation>
    </message>
    <message>
        <source>lr, betas and weight_decay</source>
        <translation>lr, betas y weight_decay</translation>
    </message>
    <message>
        <source>lr, alpha, momentum and weight_decay</source>
        <translation>lr, alpha, momentum y weight_decay</translation>
    </message>
    <message>
        <source>torch.optim.{algorithm}(..., {key}={value}) cannot be drawn yet: a document&apos;s {algorithm} takes {words}</source>
        <translation>torch.optim.{algorithm}(..., {key}={value}) aún no se puede dibujar: el {algorithm} de un documento admite {words}</translation>
    </message>
    <message>
        <source>torch.optim.{algorithm}&apos;s {key} must be a plain number to be drawn</source>
        <translation>el {key} de torch.optim.{algorithm} debe ser un número simple para dibujarse</translation>
    </message>
    <message>
        <source>an optimizer over a tensor the trace did not see made cannot be drawn</source>
        <translation>un optimizador sobre un tensor cuya creación el rastreo no vio no se puede dibujar</translation>
    </message>
    <message>
        <source>lr, lr_decay, weight_decay and initial_accumulator_value</source>
        <translation>lr, lr_decay, weight_decay e initial_accumulator_value</translation>
    </message>
    <message>
        <source>lr, betas, weight_decay and momentum_decay</source>
        <translation>lr, betas, weight_decay y momentum_decay</translation>
    </message>
    <message>
        <source>lr, rho and weight_decay</source>
        <translation>lr, rho y weight_decay</translation>
    </message>
    <message>
        <source>torch.optim.{name} cannot be drawn yet: a document&apos;s optimizer is SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam or Adadelta</source>
        <translation>torch.optim.{name} aún no se puede dibujar: el optimizador de un documento es SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam o Adadelta</translation>
    </message>
    <message>
        <source>an optimizer class of your own ({name}) cannot be drawn yet: a document&apos;s optimizer is torch.optim&apos;s SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam or Adadelta</source>
        <translation>una clase de optimizador propia ({name}) aún no se puede dibujar: el optimizador de un documento es SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam o Adadelta de torch.optim</translation>
    </message>
    <message>
        <source>a parameter group holding &apos;{key}&apos; cannot be drawn yet: a document&apos;s parameter group holds its tensors and {words}</source>
        <translation>todavía no se puede dibujar un grupo de parámetros con &apos;{key}&apos;: un grupo de parámetros de un documento contiene sus tensores y {words}</translation>
    </message>
    <message>
        <source>parameter groups given other than as a list of dicts cannot be drawn yet: write them as a list, [{&apos;params&apos;: ...}, ...]</source>
        <translation>todavía no se pueden dibujar grupos de parámetros dados de otra forma que como una lista de dicts: escríbelos como una lista, [{&apos;params&apos;: ...}, ...]</translation>
    </message>
    <message>
        <source>a parameter group without tensors cannot be drawn: give each group at least one</source>
        <translation>no se puede dibujar un grupo de parámetros sin tensores: da a cada grupo al menos uno</translation>
    </message>
    <message>
        <source>optimizer.{what}() of an optimizer the trace could not draw cannot be drawn</source>
        <translation>optimizer.{what}() de un optimizador que el rastreo no pudo dibujar no se puede dibujar</translation>
    </message>
    <message>
        <source>changing an optimizer&apos;s settings or parameters after making it (such as add_param_group, or a learning rate computed from a tensor) cannot be drawn yet</source>
        <translation>cambiar los ajustes o parámetros de un optimizador después de crearlo (como add_param_group, o una tasa de aprendizaje calculada a partir de un tensor) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>optimizer.step(closure) cannot be drawn yet: call loss.backward() and optimizer.step() instead</source>
        <translation>optimizer.step(closure) aún no se puede dibujar: llame en su lugar a loss.backward() y optimizer.step()</translation>
    </message>
    <message>
        <source>loading an optimizer&apos;s state (load_state_dict) cannot be drawn yet</source>
        <translation>cargar el estado de un optimizador (load_state_dict) aún no se puede dibujar</translation>
    </message>
    <message>
        <source>zero_grad() of a module with a parameter the trace did not see made cannot be drawn</source>
        <translation>zero_grad() de un módulo con un parámetro cuya creación el rastreo no vio no se puede dibujar</translation>
    </message>
    <message>
        <source>the script made more than {count} tensor operations, too many to draw</source>
        <translation>el script hizo más de {count} operaciones con tensores, demasiadas para dibujarlas</translation>
    </message>
    <message>
        <source>the step of a parameter update (lr * w.grad) is used again after the update, which cannot be drawn yet</source>
        <translation>el paso de una actualización de parámetros (lr * w.grad) se vuelve a usar después de la actualización, lo que aún no se puede dibujar</translation>
    </message>
    <message>
        <source>a tensor computed outside the traced operations (for example a gradient returned with create_graph=True) is used here; GradStudio cannot draw where it came from</source>
        <translation>aquí se usa un tensor calculado fuera de las operaciones rastreadas (por ejemplo un gradiente devuelto con create_graph=True); GradStudio no puede dibujar de dónde viene</translation>
    </message>
    <message>
        <source>a gradient returned by torch.autograd.grad is used as a value to compute a new tensor, which cannot be drawn yet: a graph computes every tensor before its backward steps, so the gradient would be frozen into a number</source>
        <translation>se usa un gradiente devuelto por torch.autograd.grad como valor para calcular un tensor nuevo, lo que aún no se puede dibujar: un grafo calcula cada tensor antes de sus pasos backward, así que el gradiente quedaría fijado como un número</translation>
    </message>
    <message>
        <source>a {dtype} tensor cannot be drawn; GradStudio documents hold {dtypes} tensors</source>
        <translation>un tensor {dtype} no se puede dibujar; los documentos de GradStudio contienen tensores {dtypes}</translation>
    </message>
    <message>
        <source>a gradient torch.autograd.grad returned for several outputs is used as a value, which cannot be drawn yet; ask for one output&apos;s gradient per call</source>
        <translation>se usa como valor un gradiente que torch.autograd.grad devolvió para varias salidas, lo que aún no se puede dibujar; pida el gradiente de una salida por llamada</translation>
    </message>
    <message>
        <source>the script made more than {count} tensor operations, too many to trace</source>
        <translation>el script hizo más de {count} operaciones con tensores, demasiadas para rastrearlas</translation>
    </message>
    <message>
        <source>a hook that prints outside a backward step, after one, cannot be drawn yet: the graph would print it before the backward</source>
        <translation>un hook que imprime fuera de un paso backward, después de uno, aún no se puede dibujar: el grafo lo imprimiría antes del backward</translation>
    </message>
    <message>
        <source>a learning-rate scheduler (torch.optim.lr_scheduler.{name}) cannot be drawn yet: a document&apos;s scheduler is one of {known}</source>
        <translation>un planificador de la tasa de aprendizaje (torch.optim.lr_scheduler.{name}) aún no se puede dibujar: el planificador de un documento es uno de {known}</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}(..., last_epoch=...) cannot be drawn yet: a document&apos;s scheduler starts from its optimizer&apos;s first step</source>
        <translation>torch.optim.lr_scheduler.{name}(..., last_epoch=...) aún no se puede dibujar: el planificador de un documento empieza en el primer paso de su optimizador</translation>
    </message>
    <message>
        <source>a {name} over an optimizer the trace could not draw cannot be drawn</source>
        <translation>un {name} sobre un optimizador que el rastreo no pudo dibujar no se puede dibujar</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it a plain list of whole numbers</source>
        <translation>el {setting} de torch.optim.lr_scheduler.{name} no se puede dibujar como {value}: dele una lista simple de enteros</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it a plain whole number</source>
        <translation>el {setting} de torch.optim.lr_scheduler.{name} no se puede dibujar como {value}: dele un entero simple</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it True or False</source>
        <translation>{setting} de torch.optim.lr_scheduler.{name} no se puede dibujar como {value}: dale True o False</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it a plain number</source>
        <translation>el {setting} de torch.optim.lr_scheduler.{name} no se puede dibujar como {value}: dele un número simple</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s lr_lambda cannot be drawn yet: it can be drawn when it is a lambda of the epoch computing with numbers, arithmetic, min, max, abs, round and math&apos;s functions, such as lambda epoch: 0.95 ** epoch</source>
        <translation>el lr_lambda de torch.optim.lr_scheduler.{name} aún no se puede dibujar: se dibuja cuando es una lambda de la época que calcula con números, aritmética, min, max, abs, round y las funciones de math, como lambda epoch: 0.95 ** epoch</translation>
    </message>
    <message>
        <source>scheduler.step() of a scheduler the trace could not draw cannot be drawn</source>
        <translation>scheduler.step() de un planificador que el rastreo no pudo dibujar no se puede dibujar</translation>
    </message>
    <message>
        <source>scheduler.step(epoch) cannot be drawn: call scheduler.step() without an epoch, once per epoch</source>
        <translation>scheduler.step(epoch) no se puede dibujar: llame a scheduler.step() sin época, una vez por época</translation>
    </message>
    <message>
        <source>ReduceLROnPlateau.step() of a tensor the trace did not see made cannot be drawn</source>
        <translation>ReduceLROnPlateau.step() de un tensor cuya creación el rastreo no vio no se puede dibujar</translation>
    </message>
    <message>
        <source>ReduceLROnPlateau.step() cannot be drawn unless its metric is a number or a tensor</source>
        <translation>ReduceLROnPlateau.step() solo se puede dibujar si su métrica es un número o un tensor</translation>
    </message>
    <message>
        <source>the custom autograd.Function {name} cannot be drawn yet: {why}</source>
        <translation>la autograd.Function propia {name} aún no se puede dibujar: {why}</translation>
    </message>
    <message>
        <source>its arguments must be tensors, then at most 8 plain numbers, passed by position</source>
        <translation>sus argumentos deben ser tensores y después como mucho 8 números simples, pasados por posición</translation>
    </message>
    <message>
        <source>another Function of the script has the same class name</source>
        <translation>otra Function del script tiene el mismo nombre de clase</translation>
    </message>
    <message>
        <source>it is called with another number of arguments than its forward takes</source>
        <translation>se llama con otro número de argumentos del que toma su forward</translation>
    </message>
    <message>
        <source>its forward must return new tensors, not its inputs or other values</source>
        <translation>su forward debe devolver tensores nuevos, no sus entradas ni otros valores</translation>
    </message>
    <message>
        <source>its class name is not one GradStudio can write</source>
        <translation>GradStudio no puede escribir su nombre de clase</translation>
    </message>
    <message>
        <source>it defines {what} besides forward and backward</source>
        <translation>define {what} además de forward y backward</translation>
    </message>
    <message>
        <source>its {role} is not a @staticmethod def of the script</source>
        <translation>su {role} no es un def @staticmethod del script</translation>
    </message>
    <message>
        <source>the text of its {role} was not found in the script</source>
        <translation>el texto de su {role} no se encontró en el script</translation>
    </message>
    <message>
        <source>its {role} is decorated with {what}</source>
        <translation>su {role} está decorado con {what}</translation>
    </message>
    <message>
        <source>a {n}-d convolution cannot be drawn yet; conv1d and conv2d can</source>
        <translation>una convolución {n}-d aún no se puede dibujar; conv1d y conv2d sí</translation>
    </message>
    <message>
        <source>a value a hook kept is used here, but the hook also kept values while the graph was not drawn, so the graph cannot say which one it is</source>
        <translation>aquí se usa un valor que guardó un hook, pero el hook también guardó valores mientras el grafo no se dibujaba, así que el grafo no puede decir cuál es</translation>
    </message>
    <message>
        <source>this hook keeps {what}, which cannot be drawn yet ({error}); a hook that keeps an expression of its gradient, such as grads.append(grad.clone()), is drawn</source>
        <translation>este hook guarda {what}, que aún no se puede dibujar ({error}); un hook que guarda una expresión de su gradiente, como grads.append(grad.clone()), se dibuja</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) can be drawn when it prints or keeps grad_output[0] and reads nothing else; this one does more</source>
        <translation>el hook de backward de un módulo ({what}) se puede dibujar cuando imprime o guarda grad_output[0] y no lee nada más; este hace más</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) can be drawn when it prints, keeps or returns a new grad_input[0] and reads nothing else, or prints or keeps grad_output[0] and reads nothing else; this one does more</source>
        <translation>el hook de backward de un módulo ({what}) se puede dibujar cuando imprime, guarda o devuelve un nuevo grad_input[0] y no lee nada más, o cuando imprime o guarda grad_output[0] y no lee nada más; este hace más</translation>
    </message>
    <message>
        <source>a module whose backward hook reads grad_input is called here with {count} input tensors that require grad; it can be drawn when the module takes one</source>
        <translation>un módulo cuyo hook de backward lee grad_input se llama aquí con {count} tensores de entrada que requieren gradiente; se puede dibujar cuando el módulo recibe uno</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) that prints grad_input[0] and grad_output[0] can be drawn when each print reads one of them and grad_output&apos;s come first: the graph prints those when the module&apos;s output gradient arrives, before grad_input&apos;s</source>
        <translation>el hook de backward de un módulo ({what}) que imprime grad_input[0] y grad_output[0] se puede dibujar cuando cada print lee solo uno de ellos y los de grad_output van primero: el grafo los imprime cuando llega el gradiente de la salida del módulo, antes que los de grad_input</translation>
    </message>
    <message>
        <source>a module with a backward hook (register_full_backward_hook or register_full_backward_pre_hook) is called here, which cannot be drawn yet: the hook reads or changes gradients during backward</source>
        <translation>aquí se llama a un módulo con un hook de backward (register_full_backward_hook o register_full_backward_pre_hook), lo que aún no se puede dibujar: el hook lee o cambia gradientes durante el backward</translation>
    </message>
    <message>
        <source>p.grad.clamp_() can be drawn when its bounds are plain numbers, such as p.grad.clamp_(-1.0, 1.0)</source>
        <translation>p.grad.clamp_() puede dibujarse cuando sus límites son números simples, como p.grad.clamp_(-1.0, 1.0)</translation>
    </message>
    <message>
        <source>a {dtype} nn.BatchNorm cannot be drawn</source>
        <translation>una nn.BatchNorm de tipo {dtype} no se puede dibujar</translation>
    </message>
</context>
<context>
    <name>TrainDialog</name>
    <message>
        <source>Train</source>
        <translation>Entrenar</translation>
    </message>
    <message>
        <source>zero the gradients every iteration</source>
        <translation>poner los gradientes a cero en cada iteración</translation>
    </message>
    <message>
        <source>Untick it to see the most common bug of a training loop: each backward adds to .grad, the gradients pile up.</source>
        <translation>Desmárcalo para ver el error más común de un bucle de entrenamiento: cada backward suma a .grad y los gradientes se acumulan.</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Pérdida</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parámetros</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>Actualización</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Tasa de aprendizaje</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iteraciones</translation>
    </message>
    <message>
        <source>Insert loop</source>
        <translation>Insertar bucle</translation>
    </message>
    <message>
        <source>Add a loss first: a one-element node computed from leaves that require grad.</source>
        <translation>Añade primero una pérdida: un nodo de un elemento calculado a partir de hojas que requieren gradiente.</translation>
    </message>
    <message>
        <source>Nothing upstream of this loss requires grad: tick requires_grad on a leaf it is computed from.</source>
        <translation>Nada por encima de esta pérdida requiere gradiente: marca requires_grad en una hoja de la que se calcula.</translation>
    </message>
    <message>
        <source>Tick at least one parameter to train.</source>
        <translation>Marca al menos un parámetro para entrenar.</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <source>&apos;{optimizer}&apos; is not an optimizer GradStudio knows.</source>
        <translation>&apos;{optimizer}&apos; no es un optimizador que GradStudio conozca.</translation>
    </message>
</context>
<context>
    <name>TrainingPanel</name>
    <message>
        <source>No training loop yet: Add ▸ Train… in the timeline inserts one.</source>
        <translation>Aún no hay bucle de entrenamiento: Añadir ▸ Entrenar… en la línea de tiempo inserta uno.</translation>
    </message>
    <message>
        <source>This loop did not run: its error is shown in the timeline.</source>
        <translation>Este bucle no se ejecutó: su error se muestra en la línea de tiempo.</translation>
    </message>
    <message>
        <source>Drag the line, or click a plot, to show that iteration in every view.</source>
        <translation>Arrastra la línea o haz clic en un gráfico para mostrar esa iteración en todas las vistas.</translation>
    </message>
    <message>
        <source>{title}: none</source>
        <translation>{title}: ninguno</translation>
    </message>
    <message>
        <source>{epochs} epochs of {steps} steps</source>
        <translation>{epochs} épocas de {steps} pasos</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>escala log.</translation>
    </message>
    <message>
        <source>A logarithmic loss axis: losses span orders of magnitude.</source>
        <translation>Un eje de pérdida logarítmico: las pérdidas abarcan órdenes de magnitud.</translation>
    </message>
    <message>
        <source>Loss per iteration</source>
        <translation>Pérdida por iteración</translation>
    </message>
    <message>
        <source>.grad (dashed)</source>
        <translation>.grad (discontinua)</translation>
    </message>
    <message>
        <source>loop {n}: {text}</source>
        <translation>bucle {n}: {text}</translation>
    </message>
    <message>
        <source>iteration {v} of {count}</source>
        <translation>iteración {v} de {count}</translation>
    </message>
    <message>
        <source> · stopped at an error in iteration {v}</source>
        <translation> · detenido por un error en la iteración {v}</translation>
    </message>
    <message>
        <source>: no iteration completed</source>
        <translation>: ninguna iteración completada</translation>
    </message>
    <message>
        <source>Parameters per iteration</source>
        <translation>Parámetros por iteración</translation>
    </message>
    <message>
        <source>Select a tracked node</source>
        <translation>Selecciona un nodo seguido</translation>
    </message>
    <message>
        <source>{v} is on the loss plot · </source>
        <translation>{v} está en el gráfico de pérdida · </translation>
    </message>
    <message>
        <source>{v} is not tracked (tick watched) · </source>
        <translation>{v} no se sigue (marca watched) · </translation>
    </message>
    <message>
        <source>{name} per iteration</source>
        <translation>{name} por iteración</translation>
    </message>
    <message>
        <source>: first {MAX_CURVES} of {size} elements</source>
        <translation>: primeros {MAX_CURVES} de {size} elementos</translation>
    </message>
    <message>
        <source> (no .grad kept)</source>
        <translation> (sin .grad conservado)</translation>
    </message>
    <message>
        <source>{name}.grad per iteration</source>
        <translation>{name}.grad por iteración</translation>
    </message>
</context>
<context>
    <name>Trust</name>
    <message>
        <source>Run this {what}?</source>
        <translation>¿Ejecutar este {what}?</translation>
    </message>
    <message>
        <source>Opening “{name}” runs its code on this computer, with your permissions; run it only if you trust where it came from.</source>
        <translation>Abrir «{name}» ejecuta su código en este ordenador, con tus permisos; ejecútalo solo si confías en su procedencia.</translation>
    </message>
    <message>
        <source>GradStudio asks once for each file, and again when the file changes.</source>
        <translation>GradStudio pregunta una vez por cada archivo, y otra vez cuando el archivo cambia.</translation>
    </message>
    <message>
        <source>Run the {what}</source>
        <translation>Ejecutar el {what}</translation>
    </message>
</context>
<context>
    <name>UntrackedFix</name>
    <message>
        <source> backward() needs a graph: ticking requires_grad on {name} makes PyTorch record one from it.</source>
        <translation> backward() necesita un grafo: marcar requires_grad en {name} hace que PyTorch registre uno a partir de él.</translation>
    </message>
    <message>
        <source>Tick requires_grad on {name}</source>
        <translation>Marcar requires_grad en {name}</translation>
    </message>
</context>
<context>
    <name>Walk</name>
    <message>
        <source>Only a backward() or an autograd.grad() action can be stepped through.</source>
        <translation>Solo una acción backward() o autograd.grad() se puede recorrer paso a paso.</translation>
    </message>
    <message>
        <source>This action ran no backward step.</source>
        <translation>Esta acción no ejecutó ningún paso hacia atrás.</translation>
    </message>
    <message>
        <source>a leaf</source>
        <translation>una hoja</translation>
    </message>
    <message>
        <source>AccumulateGrad into {leaf}.grad</source>
        <translation>AccumulateGrad en {leaf}.grad</translation>
    </message>
    <message>
        <source>the gradient of an intermediate tensor of {root}</source>
        <translation>el gradiente de un tensor intermedio de {root}</translation>
    </message>
    <message>
        <source>{formula}: nothing flows</source>
        <translation>{formula}: no fluye nada</translation>
    </message>
    <message>
        <source>{gradient}: computed by {grad_fn}</source>
        <translation>{gradient}: calculado por {grad_fn}</translation>
    </message>
    <message>
        <source>{grad_fn} of {node} = {forward}</source>
        <translation>{grad_fn} de {node} = {forward}</translation>
    </message>
    <message>
        <source>{grad_fn} of {node}</source>
        <translation>{grad_fn} de {node}</translation>
    </message>
    <message>
        <source>{grad_fn}, a step inside computing {node}</source>
        <translation>{grad_fn}, un paso dentro del cálculo de {node}</translation>
    </message>
    <message>
        <source>{grad_fn} (inside {root}&apos;s graph)</source>
        <translation>{grad_fn} (dentro del grafo de {root})</translation>
    </message>
    <message>
        <source>{grad_fn}, recorded by {node} = {forward}</source>
        <translation>{grad_fn}, registrada por {node} = {forward}</translation>
    </message>
    <message>
        <source>in backward it receives grad (the gradient of the output with respect to {node}) and sends</source>
        <translation>en el pase hacia atrás recibe grad (el gradiente de la salida respecto a {node}) y envía</translation>
    </message>
    <message>
        <source>to {input}: {formula}</source>
        <translation>a {input}: {formula}</translation>
    </message>
    <message>
        <source>Step {number}: {title}</source>
        <translation>Paso {number}: {title}</translation>
    </message>
    <message>
        <source>(the sum of the {count} gradients sent to it)</source>
        <translation>(la suma de los {count} gradientes que le llegaron)</translation>
    </message>
    <message>
        <source>received {gradient} = {value}</source>
        <translation>recibido: {gradient} = {value}</translation>
    </message>
    <message>
        <source>{leaf}.grad was None, so it becomes the gradient: {after} = 0 + {received}</source>
        <translation>{leaf}.grad era None, así que pasa a ser el gradiente: {after} = 0 + {received}</translation>
    </message>
    <message>
        <source>{leaf}.grad += gradient: {after} = {before} + {received}</source>
        <translation>{leaf}.grad += gradiente: {after} = {before} + {received}</translation>
    </message>
    <message>
        <source>received grad = {gradient} = {value}</source>
        <translation>recibido: grad = {gradient} = {value}</translation>
    </message>
    <message>
        <source>sends nothing further (no input requires grad)</source>
        <translation>no envía nada más (ninguna entrada requiere gradiente)</translation>
    </message>
    <message>
        <source>frees its saved {tensors} (a second backward through it needs retain_graph=True)</source>
        <translation>libera sus {tensors} guardados (un segundo backward a través de ella necesita retain_graph=True)</translation>
    </message>
    <message>
        <source>to {input} (next: {grad_fn}):</source>
        <translation>a {input} (siguiente: {grad_fn}):</translation>
    </message>
    <message>
        <source>rule      {input}: {rule}</source>
        <translation>regla     {input}: {rule}</translation>
    </message>
    <message>
        <source>chain     {formula}</source>
        <translation>cadena    {formula}</translation>
    </message>
    <message>
        <source>numbers   {formula}</source>
        <translation>números   {formula}</translation>
    </message>
    <message>
        <source>Action {number}: {title}</source>
        <translation>Acción {number}: {title}</translation>
    </message>
    <message>
        <source>(iteration {number})</source>
        <translation>(iteración {number})</translation>
    </message>
    <message>
        <source>(with a gradient v: each ∂ below is v-weighted, the vector-Jacobian product vᵀ·J)</source>
        <translation>(con un gradiente v: cada ∂ de abajo está ponderada por v, el producto vector-jacobiana vᵀ·J)</translation>
    </message>
    <message>
        <source>stopped: {problem}</source>
        <translation>detenido: {problem}</translation>
    </message>
</context>
<context>
    <name>WalkPanel</name>
    <message>
        <source>0.5 step/s</source>
        <translation>0,5 pasos/s</translation>
    </message>
    <message>
        <source>1 step/s</source>
        <translation>1 paso/s</translation>
    </message>
    <message>
        <source>2 steps/s</source>
        <translation>2 pasos/s</translation>
    </message>
    <message>
        <source>4 steps/s</source>
        <translation>4 pasos/s</translation>
    </message>
    <message>
        <source>The backward pass to step through</source>
        <translation>El pase hacia atrás que se recorre</translation>
    </message>
    <message>
        <source>Export Frames…</source>
        <translation>Exportar imágenes…</translation>
    </message>
    <message>
        <source>Save every step as a numbered PNG, for slides</source>
        <translation>Guardar cada paso como un PNG numerado, para diapositivas</translation>
    </message>
    <message>
        <source>Step through:</source>
        <translation>Recorrer:</translation>
    </message>
    <message>
        <source>Engine steps of the pass: drag, or use the arrow keys</source>
        <translation>Pasos del motor en el pase: arrastra o usa las flechas</translation>
    </message>
    <message>
        <source>Before the first step</source>
        <translation>Antes del primer paso</translation>
    </message>
    <message>
        <source>Previous step (F9)</source>
        <translation>Paso anterior (F9)</translation>
    </message>
    <message>
        <source>Play the pass step by step</source>
        <translation>Reproducir el pase paso a paso</translation>
    </message>
    <message>
        <source>Next step (F10)</source>
        <translation>Paso siguiente (F10)</translation>
    </message>
    <message>
        <source>After the last step</source>
        <translation>Después del último paso</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>0. before the pass</source>
        <translation>0. antes del pase</translation>
    </message>
    <message>
        <source>step {k} of {count}</source>
        <translation>paso {k} de {count}</translation>
    </message>
    <message>
        <source>{count} steps</source>
        <translation>{count} pasos</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#5f6368&apos;&gt;No backward pass to step through: add a &lt;b&gt;backward()&lt;/b&gt; action to the timeline (Ctrl+B), then step through it here.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#5f6368&apos;&gt;No hay pase hacia atrás que recorrer: añade una acción &lt;b&gt;backward()&lt;/b&gt; a la línea de tiempo (Ctrl+B) y luego recórrela aquí paso a paso.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the gradient you passed, v = </source>
        <translation>el gradiente que pasaste, v = </translation>
    </message>
    <message>
        <source>gradient {v} ({received_name})</source>
        <translation>gradiente {v} ({received_name})</translation>
    </message>
    <message>
        <source>&lt;p&gt;Before the pass. backward starts at {v}, the grad_fn of the output, with {v2}. Each step runs one grad_fn: it receives a gradient and sends one to each of its inputs by the chain rule.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Antes del pase. backward empieza en {v}, la grad_fn de la salida, con {v2}. Cada paso ejecuta una grad_fn: recibe un gradiente y envía uno a cada una de sus entradas por la regla de la cadena.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#188038&apos;&gt;The pass is complete.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#188038&apos;&gt;El pase está completo.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Choose a backward pass to step through first.</source>
        <translation>Elige primero un pase hacia atrás para recorrer.</translation>
    </message>
    <message>
        <source>could not write {path}</source>
        <translation>no se pudo escribir {path}</translation>
    </message>
</context>
<context>
    <name>WindowEdits</name>
    <message>
        <source>Add nn.Linear</source>
        <translation>Añadir nn.Linear</translation>
    </message>
    <message>
        <source>Select a computed tensor with at least one dimension: the layer takes its last dimension as inputs.</source>
        <translation>Selecciona un tensor calculado con al menos una dimensión: la capa toma su última dimensión como entradas.</translation>
    </message>
    <message>
        <source>nn.Linear({in_features}, …)</source>
        <translation>nn.Linear({in_features}, …)</translation>
    </message>
    <message>
        <source>Outputs (out_features):</source>
        <translation>Salidas (out_features):</translation>
    </message>
    <message>
        <source>Arrange graph</source>
        <translation>Ordenar el grafo</translation>
    </message>
</context>
<context>
    <name>WindowExports</name>
    <message>
        <source>Export PyTorch Script</source>
        <translation>Exportar script de PyTorch</translation>
    </message>
    <message>
        <source>Could not export the notebook</source>
        <translation>No se pudo exportar el notebook</translation>
    </message>
    <message>
        <source>Export Notebook is not available in this build yet.</source>
        <translation>Exportar notebook aún no está disponible en esta versión.</translation>
    </message>
    <message>
        <source>Export Notebook</source>
        <translation>Exportar notebook</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Imágenes PNG (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>Dibujos SVG (*.svg)</translation>
    </message>
    <message>
        <source>nothing could be written there</source>
        <translation>no se pudo escribir nada allí</translation>
    </message>
    <message>
        <source>Export Canvas as {v}</source>
        <translation>Exportar el lienzo como {v}</translation>
    </message>
    <message>
        <source>Could not export the {what}</source>
        <translation>No se pudo exportar: {what}</translation>
    </message>
    <message>
        <source>“{name}” was not written ({exc}); try another folder or name.</source>
        <translation>«{name}» no se escribió ({exc}); prueba otra carpeta u otro nombre.</translation>
    </message>
    <message>
        <source>Exported {name}</source>
        <translation>{name} exportado</translation>
    </message>
</context>
<context>
    <name>WindowFiles</name>
    <message>
        <source>Untitled</source>
        <translation>Sin título</translation>
    </message>
    <message>
        <source>Open Graph, Notebook or Script — a notebook&apos;s cells or a script will be run</source>
        <translation>Abrir grafo, cuaderno o script: se ejecutarán las celdas de un cuaderno o un script</translation>
    </message>
    <message>
        <source>Opening {name} was cancelled; the open graph is unchanged.</source>
        <translation>Se canceló la apertura de {name}; el grafo abierto no ha cambiado.</translation>
    </message>
    <message>
        <source>Could not open the notebook</source>
        <translation>No se pudo abrir el notebook</translation>
    </message>
    <message>
        <source>“{name}” could not be read ({v}).</source>
        <translation>«{name}» no se pudo leer ({v}).</translation>
    </message>
    <message>
        <source>Open Notebook</source>
        <translation>Abrir notebook</translation>
    </message>
    <message>
        <source>Running the cells of “{name}” to trace the tensors they compute…</source>
        <translation>Ejecutando las celdas de «{name}» para rastrear los tensores que calculan…</translation>
    </message>
    <message>
        <source>{stem} (notebook)</source>
        <translation>{stem} (notebook)</translation>
    </message>
    <message>
        <source>Part of the notebook is recorded</source>
        <translation>Parte del notebook está grabada</translation>
    </message>
    <message>
        <source>Traced {name}: {v} nodes from {v2} code cells</source>
        <translation>{name} rastreado: {v} nodos de {v2} celdas de código</translation>
    </message>
    <message>
        <source>; {failed} cells raised an error, shown in the Lesson panel</source>
        <translation>; {failed} celdas lanzaron un error, mostrado en el panel Lección</translation>
    </message>
    <message>
        <source>; {failed} cell raised an error, shown in the Lesson panel</source>
        <translation>; {failed} celda lanzó un error, mostrado en el panel Lección</translation>
    </message>
    <message>
        <source>Could not open the graph</source>
        <translation>No se pudo abrir el grafo</translation>
    </message>
    <message>
        <source>“{name}” could not be opened: {exc}</source>
        <translation>«{name}» no se pudo abrir: {exc}</translation>
    </message>
    <message>
        <source>Could not restore the graph</source>
        <translation>No se pudo restaurar el grafo</translation>
    </message>
    <message>
        <source>Restored {v}; save it to keep it.</source>
        <translation>{v} restaurado; guárdalo para conservarlo.</translation>
    </message>
    <message>
        <source>Could not open the example</source>
        <translation>No se pudo abrir el ejemplo</translation>
    </message>
    <message>
        <source>The example “{name}” could not be opened: {exc}</source>
        <translation>El ejemplo «{name}» no se pudo abrir: {exc}</translation>
    </message>
    <message>
        <source>{v} (example)</source>
        <translation>{v} (ejemplo)</translation>
    </message>
    <message>
        <source>Save Graph As</source>
        <translation>Guardar grafo como</translation>
    </message>
    <message>
        <source>Could not save the graph</source>
        <translation>No se pudo guardar el grafo</translation>
    </message>
    <message>
        <source>“{name}” was not saved ({exc}); the graph is still open, so try another folder or name.</source>
        <translation>«{name}» no se guardó ({exc}); el grafo sigue abierto, así que prueba otra carpeta u otro nombre.</translation>
    </message>
    <message>
        <source>Saved {name}</source>
        <translation>{name} guardado</translation>
    </message>
    <message>
        <source>Open recent file</source>
        <translation>Abrir un archivo reciente</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>Borrar archivos recientes</translation>
    </message>
    <message>
        <source>Import PyTorch Script — the script will be run</source>
        <translation>Importar script de PyTorch — el script se ejecutará</translation>
    </message>
    <message>
        <source>Could not import the script</source>
        <translation>No se pudo importar el script</translation>
    </message>
    <message>
        <source>“{name}” could not be read: {exc}</source>
        <translation>«{name}» no se pudo leer: {exc}</translation>
    </message>
    <message>
        <source>Import PyTorch Script</source>
        <translation>Importar script de PyTorch</translation>
    </message>
    <message>
        <source>Running “{name}” to trace the tensors it computes…</source>
        <translation>Ejecutando «{name}» para rastrear los tensores que calcula…</translation>
    </message>
    <message>
        <source>Tracing “{name}” failed: {exc}</source>
        <translation>El rastreo de «{name}» falló: {exc}</translation>
    </message>
    <message>
        <source>Import of {name} cancelled; nothing changed.</source>
        <translation>Importación de {name} cancelada; nada cambió.</translation>
    </message>
    <message>
        <source>{name} was not run; the open graph is unchanged.</source>
        <translation>{name} no se ejecutó; el grafo abierto no ha cambiado.</translation>
    </message>
    <message>
        <source>{stem} (imported)</source>
        <translation>{stem} (importado)</translation>
    </message>
    <message>
        <source>Imported {name}</source>
        <translation>{name} importado</translation>
    </message>
    <message>
        <source>Part of the script is recorded</source>
        <translation>Parte del script está grabada</translation>
    </message>
    <message>
        <source>“{name}” could not be opened: {text}</source>
        <translation>«{name}» no se pudo abrir: {text}</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Nuevo</translation>
    </message>
    <message>
        <source>Start an empty graph</source>
        <translation>Empezar un grafo vacío</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>Open a GradStudio graph, or a Jupyter notebook: its cells are run to trace their graph</source>
        <translation>Abrir un grafo de GradStudio o un notebook de Jupyter: sus celdas se ejecutan para rastrear su grafo</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Save the graph</source>
        <translation>Guardar el grafo</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Guardar &amp;como…</translation>
    </message>
    <message>
        <source>Save the graph under a new name</source>
        <translation>Guardar el grafo con un nombre nuevo</translation>
    </message>
    <message>
        <source>&amp;Import PyTorch Script…</source>
        <translation>&amp;Importar script de PyTorch…</translation>
    </message>
    <message>
        <source>Runs a PyTorch script with GradStudio&apos;s engine and turns what it computed into a graph</source>
        <translation>Ejecuta un script de PyTorch con el motor de GradStudio y convierte lo que calculó en un grafo</translation>
    </message>
    <message>
        <source>Import &amp;Data…</source>
        <translation>Importar &amp;datos…</translation>
    </message>
    <message>
        <source>Reads a CSV or .npy file into a data node (features, then the label) stored in the graph file</source>
        <translation>Lee un archivo CSV o .npy en un nodo de datos (características, luego la etiqueta) guardado en el archivo del grafo</translation>
    </message>
    <message>
        <source>&amp;Export PyTorch Script…</source>
        <translation>&amp;Exportar script de PyTorch…</translation>
    </message>
    <message>
        <source>Write the graph as a PyTorch script</source>
        <translation>Escribir el grafo como un script de PyTorch</translation>
    </message>
    <message>
        <source>Export Note&amp;book…</source>
        <translation>Exportar note&amp;book…</translation>
    </message>
    <message>
        <source>Write the graph as a Jupyter notebook</source>
        <translation>Escribir el grafo como un notebook de Jupyter</translation>
    </message>
    <message>
        <source>Export Canvas as &amp;PNG…</source>
        <translation>Exportar el lienzo como &amp;PNG…</translation>
    </message>
    <message>
        <source>Save a picture of the canvas</source>
        <translation>Guardar una imagen del lienzo</translation>
    </message>
    <message>
        <source>Export Canvas as S&amp;VG…</source>
        <translation>Exportar el lienzo como S&amp;VG…</translation>
    </message>
    <message>
        <source>Save the canvas as a scalable drawing</source>
        <translation>Guardar el lienzo como un dibujo escalable</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>Close GradStudio</source>
        <translation>Cerrar GradStudio</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>Cor&amp;tar</translation>
    </message>
    <message>
        <source>Cut the selected nodes</source>
        <translation>Cortar los nodos seleccionados</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <source>Copy the selected nodes</source>
        <translation>Copiar los nodos seleccionados</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Pegar</translation>
    </message>
    <message>
        <source>Paste copied nodes</source>
        <translation>Pegar los nodos copiados</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Eliminar</translation>
    </message>
    <message>
        <source>Delete the selected nodes</source>
        <translation>Eliminar los nodos seleccionados</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>Seleccionar &amp;todo</translation>
    </message>
    <message>
        <source>&amp;Find Node…</source>
        <translation>&amp;Buscar nodo…</translation>
    </message>
    <message>
        <source>Find a node by name, kind or grad_fn, select it and show it</source>
        <translation>Buscar un nodo por nombre, tipo o grad_fn, seleccionarlo y mostrarlo</translation>
    </message>
    <message>
        <source>Add &amp;Backward of Selection</source>
        <translation>Añadir &amp;backward de la selección</translation>
    </message>
    <message>
        <source>Append selected.backward() to the timeline</source>
        <translation>Añadir seleccion.backward() a la línea de tiempo</translation>
    </message>
    <message>
        <source>Insert &amp;detach() After Selection</source>
        <translation>Insertar &amp;detach() después de la selección</translation>
    </message>
    <message>
        <source>Cut the graph: consumers get a detached copy</source>
        <translation>Cortar el grafo: los consumidores reciben una copia separada</translation>
    </message>
    <message>
        <source>Wrap Selection in &amp;no_grad</source>
        <translation>Envolver la selección en &amp;no_grad</translation>
    </message>
    <message>
        <source>Evaluate the selected nodes inside torch.no_grad()</source>
        <translation>Evaluar los nodos seleccionados dentro de torch.no_grad()</translation>
    </message>
    <message>
        <source>Add nn.&amp;Linear Layer After Selection…</source>
        <translation>Añadir una capa nn.&amp;Linear después de la selección…</translation>
    </message>
    <message>
        <source>nn.Linear(in, out) on the selected tensor: a weight and a bias drawn as PyTorch draws them, and F.linear</source>
        <translation>nn.Linear(in, out) sobre el tensor seleccionado: un peso y un sesgo generados como los genera PyTorch, y F.linear</translation>
    </message>
    <message>
        <source>&amp;Train…</source>
        <translation>&amp;Entrenar…</translation>
    </message>
    <message>
        <source>Insert a training loop for a loss: forward, backward, update, zero_grad, repeated</source>
        <translation>Insertar un bucle de entrenamiento para una pérdida: forward, backward, actualización, zero_grad, repetidos</translation>
    </message>
    <message>
        <source>&amp;Play or Pause Training Live</source>
        <translation>Reproducir o pausar el entrenamiento en &amp;vivo</translation>
    </message>
    <message>
        <source>Run the training loop iteration by iteration and watch every view follow (again to pause)</source>
        <translation>Ejecutar el bucle de entrenamiento iteración a iteración y ver cómo lo sigue cada vista (de nuevo para pausar)</translation>
    </message>
    <message>
        <source>One Training &amp;Iteration</source>
        <translation>Una &amp;iteración de entrenamiento</translation>
    </message>
    <message>
        <source>Run one more iteration of the live training (pausing it when it plays)</source>
        <translation>Ejecutar una iteración más del entrenamiento en vivo (pausándolo si se está reproduciendo)</translation>
    </message>
    <message>
        <source>&amp;Step Through Backward Pass</source>
        <translation>Backward &amp;paso a paso</translation>
    </message>
    <message>
        <source>Play the backward pass node by node: each grad_fn, the gradient it receives and sends, the chain rule in numbers</source>
        <translation>Reproducir el pase hacia atrás nodo a nodo: cada grad_fn, el gradiente que recibe y envía, la regla de la cadena en números</translation>
    </message>
    <message>
        <source>Next Backward Step</source>
        <translation>Paso siguiente de backward</translation>
    </message>
    <message>
        <source>Run the next grad_fn of the backward pass being stepped through</source>
        <translation>Ejecutar la siguiente grad_fn del pase hacia atrás que se recorre</translation>
    </message>
    <message>
        <source>&amp;Jacobian and Gradient Check</source>
        <translation>&amp;Jacobiana y comprobación de gradientes</translation>
    </message>
    <message>
        <source>The Jacobian behind a backward pass, vᵀJ next to .grad, a finite-difference check of the gradients and a sweep plot</source>
        <translation>La jacobiana detrás de un pase hacia atrás, vᵀJ junto a .grad, una comprobación de los gradientes por diferencias finitas y un gráfico de barrido</translation>
    </message>
    <message>
        <source>Previous Backward Step</source>
        <translation>Paso anterior de backward</translation>
    </message>
    <message>
        <source>Go back one grad_fn in the backward pass being stepped through</source>
        <translation>Retroceder una grad_fn en el pase hacia atrás que se recorre</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Renombrar…</translation>
    </message>
    <message>
        <source>Give the selected node a name (its variable in the code)</source>
        <translation>Dar un nombre al nodo seleccionado (su variable en el código)</translation>
    </message>
    <message>
        <source>&amp;Arrange Graph</source>
        <translation>&amp;Ordenar el grafo</translation>
    </message>
    <message>
        <source>Lay the nodes out in columns, inputs on the left</source>
        <translation>Colocar los nodos en columnas, las entradas a la izquierda</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Acercar</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>A&amp;lejar</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Tamaño real</translation>
    </message>
    <message>
        <source>Zoom to 100 %</source>
        <translation>Zoom al 100 %</translation>
    </message>
    <message>
        <source>&amp;Fit Graph in View</source>
        <translation>A&amp;justar el grafo a la vista</translation>
    </message>
    <message>
        <source>Zoom and scroll so that every node is visible</source>
        <translation>Hacer zoom y desplazar para que todos los nodos se vean</translation>
    </message>
    <message>
        <source>&amp;Snap to Grid</source>
        <translation>Ajustar a la &amp;cuadrícula</translation>
    </message>
    <message>
        <source>Dragged and added nodes land on the background grid</source>
        <translation>Los nodos arrastrados y añadidos caen en la cuadrícula de fondo</translation>
    </message>
    <message>
        <source>&amp;Next Cell</source>
        <translation>Celda &amp;siguiente</translation>
    </message>
    <message>
        <source>The lesson&apos;s next code cell: its nodes selected, the timeline at its moment</source>
        <translation>La siguiente celda de código de la lección: sus nodos seleccionados, la línea de tiempo en su momento</translation>
    </message>
    <message>
        <source>&amp;Previous Cell</source>
        <translation>Celda &amp;anterior</translation>
    </message>
    <message>
        <source>The lesson&apos;s previous code cell</source>
        <translation>La celda de código anterior de la lección</translation>
    </message>
    <message>
        <source>&amp;Reset Panel Layout</source>
        <translation>&amp;Restablecer la disposición de paneles</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts…</source>
        <translation>Atajos de &amp;teclado…</translation>
    </message>
    <message>
        <source>List every command that has a keyboard shortcut</source>
        <translation>Listar todos los comandos que tienen atajo de teclado</translation>
    </message>
    <message>
        <source>&amp;About GradStudio</source>
        <translation>&amp;Acerca de GradStudio</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>&amp;Grafo</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>E&amp;jemplos</translation>
    </message>
    <message>
        <source>Open the bundled example {name}</source>
        <translation>Abrir el ejemplo incluido {name}</translation>
    </message>
</context>
</TS>

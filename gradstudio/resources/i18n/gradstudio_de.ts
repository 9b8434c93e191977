<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Actions</name>
    <message>
        <source>with {gradient} as the vector v of vᵀJ</source>
        <translation>mit {gradient} als Vektor v von vᵀJ</translation>
    </message>
    <message>
        <source>starting from 1 (a one-element tensor)</source>
        <translation>beginnend mit 1 (ein Tensor mit einem Element)</translation>
    </message>
    <message>
        <source>It keeps the saved tensors (retain_graph=True).</source>
        <translation>Die gespeicherten Tensoren bleiben erhalten (retain_graph=True).</translation>
    </message>
    <message>
        <source>It frees the saved tensors as it goes: a second backward through them fails.</source>
        <translation>Die gespeicherten Tensoren werden unterwegs freigegeben: ein zweites backward durch sie schlägt fehl.</translation>
    </message>
    <message>
        <source>{name}.backward() runs the backward pass from {name}, {seed}: each grad_fn passes its gradient on, and every leaf that requires grad adds its part to its .grad.</source>
        <translation>{name}.backward() führt den Rückwärtsdurchlauf ab {name} aus, {seed}: Jede grad_fn gibt ihren Gradienten weiter, und jedes Blatt, das Gradienten benötigt, addiert seinen Anteil zu seinem .grad.</translation>
    </message>
    <message>
        <source>{name}.grad.zero_() sets every element of the gradient to 0, in place: the next backward adds to zeros instead of to this backward&apos;s gradient.</source>
        <translation>{name}.grad.zero_() setzt jedes Element des Gradienten an Ort und Stelle auf 0: Das nächste backward addiert zu Nullen statt zum Gradienten dieses backward.</translation>
    </message>
    <message>
        <source>{name}.grad = None drops the gradient: the next backward stores a fresh one instead of adding to it.</source>
        <translation>{name}.grad = None verwirft den Gradienten: Das nächste backward speichert einen neuen, statt zu ihm zu addieren.</translation>
    </message>
    <message>
        <source>{name}.grad = {grad} makes {grad} the gradient of {name} (the same tensor, not a copy): the next backward adds to it.</source>
        <translation>{name}.grad = {grad} macht {grad} zum Gradienten von {name} (derselbe Tensor, keine Kopie): der nächste backward-Aufruf addiert darauf.</translation>
    </message>
    <message>
        <source>No hook has the handle {handle} here: give a hook node of the graph that handle&apos;s name.</source>
        <translation>Kein Hook hat hier das Handle {handle}: Geben Sie einem Hook-Knoten des Graphen den Namen dieses Handles.</translation>
    </message>
    <message>
        <source>{handle}.remove() removes the hook registered on {name}: later backward passes no longer call it.</source>
        <translation>{handle}.remove() entfernt den auf {name} registrierten Hook: spätere Backward-Durchläufe rufen ihn nicht mehr auf.</translation>
    </message>
    <message>
        <source>Choose at least one output and one input.</source>
        <translation>Wähle mindestens eine Ausgabe und eine Eingabe.</translation>
    </message>
    <message>
        <source>torch.autograd.grad runs the backward pass from {outputs} and returns the gradients with respect to {inputs}, without touching any .grad.</source>
        <translation>torch.autograd.grad führt den Rückwärtsdurchlauf ab {outputs} aus und gibt die Gradienten nach {inputs} zurück, ohne ein .grad zu verändern.</translation>
    </message>
    <message>
        <source>2-norm</source>
        <translation>2-Norm</translation>
    </message>
    <message>
        <source>1-norm</source>
        <translation>1-Norm</translation>
    </message>
    <message>
        <source>largest absolute value</source>
        <translation>größter Betrag</translation>
    </message>
    <message>
        <source>Choose the tensors whose gradients this step clips.</source>
        <translation>Wähle die Tensoren, deren Gradienten dieser Schritt begrenzt.</translation>
    </message>
    <message>
        <source>Scales the gradients of {tensors} together, in place, so that their {norm} (all of them as one vector) is at most {max_norm}; gradients already within it stay as they are.</source>
        <translation>Skaliert die Gradienten von {tensors} gemeinsam an Ort und Stelle, sodass ihre {norm} (alle zusammen als ein Vektor) höchstens {max_norm} ist; Gradienten, die schon darunter liegen, bleiben, wie sie sind.</translation>
    </message>
    <message>
        <source>Clamps every element of the gradients of {tensors} to [-{value}, {value}], in place.</source>
        <translation>Begrenzt jedes Element der Gradienten von {tensors} an Ort und Stelle auf [-{value}, {value}].</translation>
    </message>
    <message>
        <source>Choose the tensors this step loads values into.</source>
        <translation>Wähle die Tensoren, in die dieser Schritt Werte lädt.</translation>
    </message>
    <message>
        <source>Choose one source for each tensor this step loads values into.</source>
        <translation>Wähle eine Quelle für jeden Tensor, in den dieser Schritt Werte lädt.</translation>
    </message>
    <message>
        <source>Copies, in place and outside the graph (torch.no_grad()), the values of {pairs}, as model.load_state_dict does: each keeps its own .grad and requires_grad.</source>
        <translation>Kopiert an Ort und Stelle und außerhalb des Graphen (torch.no_grad()) die Werte von {pairs}, wie model.load_state_dict es tut: Jeder behält sein eigenes .grad und requires_grad.</translation>
    </message>
    <message>
        <source>{source} into {target}</source>
        <translation>{source} nach {target}</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>multiplies the learning rate by gamma every step_size steps</source>
        <translation>multipliziert die Lernrate alle step_size Schritte mit gamma</translation>
    </message>
    <message>
        <source>multiplies the learning rate by gamma at each milestone</source>
        <translation>multipliziert die Lernrate an jedem Meilenstein mit gamma</translation>
    </message>
    <message>
        <source>multiplies the learning rate by gamma at every step</source>
        <translation>multipliziert die Lernrate bei jedem Schritt mit gamma</translation>
    </message>
    <message>
        <source>lowers the learning rate along a cosine to eta_min over T_max steps</source>
        <translation>senkt die Lernrate entlang eines Kosinus über T_max Schritte auf eta_min</translation>
    </message>
    <message>
        <source>lowers the learning rate along a cosine to eta_min, starting again after T_0 steps (then T_0 * T_mult)</source>
        <translation>senkt die Lernrate entlang eines Kosinus auf eta_min und beginnt nach T_0 Schritten von vorn (dann nach T_0 * T_mult)</translation>
    </message>
    <message>
        <source>scales the learning rate from start_factor to end_factor over total_iters steps</source>
        <translation>skaliert die Lernrate über total_iters Schritte von start_factor bis end_factor</translation>
    </message>
    <message>
        <source>scales the learning rate by factor until total_iters steps have passed</source>
        <translation>skaliert die Lernrate mit factor, bis total_iters Schritte vergangen sind</translation>
    </message>
    <message>
        <source>lowers the learning rate to zero over total_iters steps, by a polynomial of the given power</source>
        <translation>senkt die Lernrate über total_iters Schritte auf null, nach einem Polynom der angegebenen Potenz</translation>
    </message>
    <message>
        <source>multiplies the learning rate by factor when the metric it is given has not improved for patience steps</source>
        <translation>multipliziert die Lernrate mit factor, wenn sich die übergebene Metrik patience Schritte lang nicht verbessert hat</translation>
    </message>
    <message>
        <source>sets the learning rate to the first one times lr_lambda of the number of steps taken</source>
        <translation>setzt die Lernrate auf die erste mal lr_lambda der Zahl der bisherigen Schritte</translation>
    </message>
    <message>
        <source>multiplies the learning rate by lr_lambda of the number of steps taken</source>
        <translation>multipliziert die Lernrate mit lr_lambda der Zahl der bisherigen Schritte</translation>
    </message>
    <message>
        <source>raises the learning rate from max_lr / div_factor to max_lr over the first pct_start of total_steps steps, then lowers it to max_lr / div_factor / final_div_factor (and moves the momentum the other way)</source>
        <translation>hebt die Lernrate im ersten Anteil pct_start der total_steps Schritte von max_lr / div_factor auf max_lr an und senkt sie dann auf max_lr / div_factor / final_div_factor (und bewegt das Momentum in die Gegenrichtung)</translation>
    </message>
    <message>
        <source>Makes torch.optim.lr_scheduler.{schedule} over {optimizer}: from here on each of its step() {rule}.</source>
        <translation>Erstellt torch.optim.lr_scheduler.{schedule} über {optimizer}: Von hier an {rule} jedes seiner step().</translation>
    </message>
    <message>
        <source>This step holds the metric the script computed for {count} iterations, and this is iteration {at}: lower the loop&apos;s count, or give the step a tensor as its metric.</source>
        <translation>Dieser Schritt enthält die Metrik, die das Skript für {count} Durchläufe berechnet hat, und dies ist Durchlauf {at}: Verringere die Anzahl der Durchläufe der Schleife oder gib dem Schritt einen Tensor als Metrik.</translation>
    </message>
    <message>
        <source>ReduceLROnPlateau&apos;s step needs the metric it watches: choose a tensor (the loss) or give a number.</source>
        <translation>Der step von ReduceLROnPlateau braucht die Metrik, die er beobachtet: Wähle einen Tensor (den Verlust) oder gib eine Zahl an.</translation>
    </message>
    <message>
        <source>Only ReduceLROnPlateau&apos;s step takes a metric: clear the metric and the value.</source>
        <translation>Nur der step von ReduceLROnPlateau nimmt eine Metrik: Leere die Metrik und den Wert.</translation>
    </message>
    <message>
        <source>{scheduler}.step() sets the learning rate of its optimizer for the steps after it, by its schedule and the metric it is given.</source>
        <translation>{scheduler}.step() setzt die Lernrate seines Optimierers für die folgenden Schritte, nach seinem Zeitplan und der übergebenen Metrik.</translation>
    </message>
    <message>
        <source>{scheduler}.step() sets the learning rate of its optimizer for the steps after it, by its schedule.</source>
        <translation>{scheduler}.step() setzt die Lernrate seines Optimierers für die folgenden Schritte, nach seinem Zeitplan.</translation>
    </message>
    <message>
        <source>Prints {name} as it is at this moment.</source>
        <translation>Gibt {name} so aus, wie er in diesem Moment ist.</translation>
    </message>
    <message>
        <source>Computes {names} at this moment, from the tensors as they are now (and every node built on them that no later step computes).</source>
        <translation>Berechnet {names} in diesem Moment, aus den Tensoren, wie sie jetzt sind (und jeden darauf aufbauenden Knoten, den kein späterer Schritt berechnet).</translation>
    </message>
    <message>
        <source>Prints what the script printed here: {printed}</source>
        <translation>Gibt aus, was das Skript hier ausgab: {printed}</translation>
    </message>
    <message>
        <source>(text GradStudio recorded from the script, which edits do not change)</source>
        <translation>(Text, den GradStudio aus dem Skript aufgezeichnet hat und den Bearbeitungen nicht ändern)</translation>
    </message>
    <message>
        <source>Choose the tensors this update changes.</source>
        <translation>Wähle die Tensoren, die diese Aktualisierung ändert.</translation>
    </message>
    <message>
        <source>Give each tensor this update changes one velocity: {tensors} tensors, {velocities} velocities.</source>
        <translation>Geben Sie jedem Tensor, den dieses Update ändert, genau eine Geschwindigkeit: {tensors} Tensoren, {velocities} Geschwindigkeiten.</translation>
    </message>
    <message>
        <source>A velocity must be a tensor that does not require grad, of its tensor&apos;s shape and dtype.</source>
        <translation>Eine Geschwindigkeit muss ein Tensor ohne requires_grad sein, mit der Form und dem dtype seines Tensors.</translation>
    </message>
    <message>
        <source>A tensor this update changes has no gradient yet: run a backward pass first.</source>
        <translation>Ein Tensor, den dieses Update ändert, hat noch keinen Gradienten: führen Sie zuerst einen Backward-Durchlauf aus.</translation>
    </message>
    <message>
        <source>Gradient descent with momentum by hand: each velocity of {velocities} is multiplied by {momentum} and its tensor&apos;s gradient added; then each of {tensors} moves {lr} times its velocity against it, in place, outside the graph.</source>
        <translation>Gradientenabstieg mit Momentum von Hand: Jede Geschwindigkeit aus {velocities} wird mit {momentum} multipliziert und der Gradient ihres Tensors addiert; dann bewegt sich jeder Tensor aus {tensors} um das {lr}-fache seiner Geschwindigkeit ihr entgegen, an Ort und Stelle, außerhalb des Graphen.</translation>
    </message>
    <message>
        <source>Gradient descent by hand: each of {tensors} moves {lr} times its gradient against it, in place, outside the graph (torch.no_grad()).</source>
        <translation>Gradientenabstieg von Hand: Jeder von {tensors} bewegt sich um das {lr}-Fache seines Gradienten gegen ihn, an Ort und Stelle, außerhalb des Graphen (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Gradient descent by hand: each of {tensors} moves {lr} times its gradient against it, in place.</source>
        <translation>Gradientenabstieg von Hand: Jeder von {tensors} bewegt sich um das {lr}-Fache seines Gradienten gegen ihn, an Ort und Stelle.</translation>
    </message>
    <message>
        <source>Makes torch.optim.{algorithm} over {tensors}: its state (momentum, running averages) lives from this step on.</source>
        <translation>Erstellt torch.optim.{algorithm} über {tensors}: Sein Zustand (Momentum, laufende Mittelwerte) lebt ab diesem Schritt.</translation>
    </message>
    <message>
        <source>add_param_group adds one group: give its settings once.</source>
        <translation>add_param_group fügt eine Gruppe hinzu: Gib ihre Einstellungen einmal an.</translation>
    </message>
    <message>
        <source>{optimizer}.add_param_group() adds a parameter group of {tensors} to the optimizer: its step() moves them too from here on, by the group&apos;s settings ({settings}).</source>
        <translation>{optimizer}.add_param_group() fügt dem Optimierer eine Parametergruppe aus {tensors} hinzu: Sein step() bewegt von hier an auch sie, nach den Einstellungen der Gruppe ({settings}).</translation>
    </message>
    <message>
        <source>{optimizer}.step() moves every parameter of the optimizer by its rule, from the gradients in their .grad.</source>
        <translation>{optimizer}.step() bewegt jeden Parameter des Optimierers nach seiner Regel, ausgehend von den Gradienten in ihrem .grad.</translation>
    </message>
    <message>
        <source>{optimizer}.zero_grad() clears the gradient of each of its parameters (sets .grad to None) so that the next backward does not add to it.</source>
        <translation>{optimizer}.zero_grad() löscht den Gradienten jedes seiner Parameter (setzt .grad auf None), damit das nächste backward nicht dazu addiert.</translation>
    </message>
    <message>
        <source>{optimizer}.zero_grad() clears the gradient of each of its parameters (fills .grad with zeros) so that the next backward does not add to it.</source>
        <translation>{optimizer}.zero_grad() löscht den Gradienten jedes seiner Parameter (füllt .grad mit Nullen), damit das nächste backward nicht dazu addiert.</translation>
    </message>
    <message>
        <source>Computes again every node after the parameters, from their values now: a new graph, as the next iteration of a training loop builds.</source>
        <translation>Berechnet jeden Knoten nach den Parametern neu, aus ihren jetzigen Werten: ein neuer Graph, wie ihn die nächste Iteration einer Trainingsschleife aufbaut.</translation>
    </message>
    <message>
        <source>Repeats the steps up to its end {count} times.</source>
        <translation>Wiederholt die Schritte bis zu ihrem Ende {count}-mal.</translation>
    </message>
    <message>
        <source>Splits the loop into epochs of {every} iterations: the steps above it run every iteration (for step in the epoch), the steps below it once at the end of each epoch, as a loop over a loader&apos;s batches inside a loop over epochs does.</source>
        <translation>Teilt die Schleife in Epochen von {every} Durchläufen: die Schritte darüber laufen in jedem Durchlauf (for step in der Epoche), die Schritte darunter einmal am Ende jeder Epoche, wie eine Schleife über die Batches eines Loaders in einer Schleife über Epochen.</translation>
    </message>
    <message>
        <source>The end of the steps the loop above repeats.</source>
        <translation>Das Ende der Schritte, die die Schleife darüber wiederholt.</translation>
    </message>
    <message>
        <source>The optimizer has no parameter group {group}: it has {count} (numbered from 0).</source>
        <translation>Der Optimierer hat keine Parametergruppe {group}: Er hat {count} (ab 0 nummeriert).</translation>
    </message>
    <message>
        <source>parameter group {group} of {optimizer}</source>
        <translation>Parametergruppe {group} von {optimizer}</translation>
    </message>
    <message>
        <source>Sets the learning rate of {optimizer} to {lr} at iteration {at} of the loop (the loop variable&apos;s value), before its other steps: every step after it uses the new rate.</source>
        <translation>Setzt die Lernrate von {optimizer} in Iteration {at} der Schleife (dem Wert der Schleifenvariable) vor ihren anderen Schritten auf {lr}: Jeder Schritt danach verwendet die neue Rate.</translation>
    </message>
    <message>
        <source>Sets the learning rate of {optimizer} to {lr}: every step after it uses the new rate.</source>
        <translation>Setzt die Lernrate von {optimizer} auf {lr}: Jeder Schritt danach verwendet die neue Rate.</translation>
    </message>
    <message>
        <source>A {kind} action has no setting &apos;{name}&apos;.</source>
        <translation>Eine Aktion {kind} hat keine Einstellung &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be true or false.</source>
        <translation>&apos;{name}&apos; muss true oder false sein.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must name a node.</source>
        <translation>&apos;{name}&apos; muss einen Knoten nennen.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must name an optimizer step of the timeline.</source>
        <translation>&apos;{name}&apos; muss einen Optimierer-Schritt der Zeitleiste nennen.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a list of nodes.</source>
        <translation>&apos;{name}&apos; muss eine Liste von Knoten sein.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a finite number.</source>
        <translation>&apos;{name}&apos; muss eine endliche Zahl sein.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a whole number from {low} to {MAX_COUNT:,}.</source>
        <translation>&apos;{name}&apos; muss eine ganze Zahl von {low} bis {MAX_COUNT:,} sein.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must list whole numbers from 0 to {MAX_COUNT:,}.</source>
        <translation>&apos;{name}&apos; muss ganze Zahlen von 0 bis {MAX_COUNT:,} aufführen.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must list at most {MAX_COUNT:,} finite numbers.</source>
        <translation>&apos;{name}&apos; muss höchstens {MAX_COUNT:,} endliche Zahlen aufführen.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a text of at most {MAX_TEXT:,} characters.</source>
        <translation>&apos;{name}&apos; muss ein Text von höchstens {MAX_TEXT:,} Zeichen sein.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a line number.</source>
        <translation>&apos;{name}&apos; muss eine Zeilennummer sein.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be one of {value}.</source>
        <translation>&apos;{name}&apos; muss eines von {value} sein.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must list what is printed: tensors (by their place in &apos;tensors&apos;) and recorded texts.</source>
        <translation>&apos;{name}&apos; muss aufführen, was ausgegeben wird: Tensoren (nach ihrer Stelle in &apos;tensors&apos;) und aufgezeichnete Texte.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; holds more than {MAX_SAID:,} characters of recorded text.</source>
        <translation>&apos;{name}&apos; enthält mehr als {MAX_SAID:,} Zeichen aufgezeichneten Text.</translation>
    </message>
    <message>
        <source>A loop inside a loop is not supported: end the loop above before starting another.</source>
        <translation>Eine Schleife in einer Schleife wird nicht unterstützt: Beende die Schleife darüber, bevor du eine neue beginnst.</translation>
    </message>
    <message>
        <source>This &apos;end of loop&apos; closes no loop: add a loop before it.</source>
        <translation>Dieses „Ende der Schleife“ schließt keine Schleife: Füge davor eine Schleife hinzu.</translation>
    </message>
    <message>
        <source>This loop has no end: add an &apos;end of loop&apos; after the steps it repeats.</source>
        <translation>Diese Schleife hat kein Ende: Füge nach den Schritten, die sie wiederholt, ein „Ende der Schleife“ hinzu.</translation>
    </message>
    <message>
        <source>This epoch&apos;s end is in no loop: move it inside a loop.</source>
        <translation>Dieses Epochenende liegt in keiner Schleife: Verschiebe es in eine Schleife.</translation>
    </message>
    <message>
        <source>A loop has one epoch&apos;s end: remove this one.</source>
        <translation>Eine Schleife hat nur ein Epochenende: Entferne dieses.</translation>
    </message>
    <message>
        <source>The loop&apos;s count is not a whole number of epochs of this many steps: make it a multiple of the steps per epoch.</source>
        <translation>Die Anzahl der Durchläufe der Schleife ist keine ganze Zahl von Epochen mit so vielen Schritten: Mache sie zu einem Vielfachen der Schritte pro Epoche.</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be the number of a parameter group, from 0, or none for every group.</source>
        <translation>&apos;{name}&apos; muss die Nummer einer Parametergruppe sein, ab 0, oder leer für jede Gruppe.</translation>
    </message>
    <message>
        <source>{v} digits after the point</source>
        <translation>{v} Nachkommastellen</translation>
    </message>
    <message>
        <source>every element of a tensor up to {v} elements (past that, the edges)</source>
        <translation>jedes Element eines Tensors bis zu {v} Elementen (darüber die Ränder)</translation>
    </message>
    <message>
        <source>{v} elements at each edge of a summarised dimension</source>
        <translation>{v} Elemente an jedem Rand einer zusammengefassten Dimension</translation>
    </message>
    <message>
        <source>lines of at most {v} characters</source>
        <translation>Zeilen von höchstens {v} Zeichen</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; must be a whole number of at least 0.</source>
        <translation>&apos;{name}&apos; muss eine ganze Zahl von mindestens 0 sein.</translation>
    </message>
    <message>
        <source>the &apos;{profile}&apos; profile</source>
        <translation>das Profil &apos;{profile}&apos;</translation>
    </message>
    <message>
        <source>scientific notation always</source>
        <translation>immer wissenschaftliche Schreibweise</translation>
    </message>
    <message>
        <source>scientific notation never</source>
        <translation>nie wissenschaftliche Schreibweise</translation>
    </message>
    <message>
        <source>scientific notation chosen by the values</source>
        <translation>wissenschaftliche Schreibweise je nach Werten</translation>
    </message>
    <message>
        <source>Changes how every later print shows a tensor: {said}. The values themselves do not change.</source>
        <translation>Ändert, wie jede spätere Ausgabe einen Tensor zeigt: {said}. Die Werte selbst ändern sich nicht.</translation>
    </message>
    <message>
        <source>&apos;groups&apos; must list the optimizer&apos;s parameter groups, each the number of tensors it takes (&apos;size&apos;, from 1) and the settings it gives itself (lr, momentum, nesterov, weight_decay and betas as two numbers, alpha and the rest of its algorithm&apos;s settings: numbers from 0).</source>
        <translation>&apos;groups&apos; muss die Parametergruppen des Optimierers aufzählen, jede mit der Zahl ihrer Tensoren (&apos;size&apos;, ab 1) und den Einstellungen, die sie sich selbst gibt (lr, momentum, nesterov, weight_decay und betas als zwei Zahlen, alpha und die übrigen Einstellungen seines Verfahrens: Zahlen ab 0).</translation>
    </message>
    <message>
        <source>The optimizer&apos;s parameter groups take {taken} tensors but it lists {listed}: make the groups&apos; sizes add up to the tensors it trains.</source>
        <translation>Die Parametergruppen des Optimierers nehmen {taken} Tensoren, er führt aber {listed} auf: Die Größen der Gruppen müssen zusammen die Tensoren ergeben, die er trainiert.</translation>
    </message>
    <message>
        <source>Group {k} of the optimizer sets {key}, which torch.optim.{algorithm} does not take.</source>
        <translation>Gruppe {k} des Optimierers setzt {key}, das torch.optim.{algorithm} nicht kennt.</translation>
    </message>
    <message>
        <source>group {k}: {tensors}, {settings}</source>
        <translation>Gruppe {k}: {tensors}, {settings}</translation>
    </message>
    <message>
        <source>the optimizer&apos;s own settings</source>
        <translation>die Einstellungen des Optimierers</translation>
    </message>
    <message>
        <source>Its parameters are in {count} groups, each with its own settings where it gives them:</source>
        <translation>Seine Parameter sind in {count} Gruppen, jede mit eigenen Einstellungen, wo sie welche angibt:</translation>
    </message>
    <message>
        <source>Choose the tensors this step changes.</source>
        <translation>Wählen Sie die Tensoren, die dieser Schritt ändert.</translation>
    </message>
    <message>
        <source>clamp_ needs a lowest or a highest value.</source>
        <translation>clamp_ braucht einen kleinsten oder einen größten Wert.</translation>
    </message>
    <message>
        <source>Limits every element of {tensors} to [{min}, {max}], in place, outside the graph (torch.no_grad()).</source>
        <translation>Begrenzt jedes Element von {tensors} auf [{min}, {max}], an Ort und Stelle, außerhalb des Graphen (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Multiplies {tensors} by {value}, in place, outside the graph (torch.no_grad()): a weight decay written by hand.</source>
        <translation>Multipliert {tensors} mit {value}, an Ort und Stelle, außerhalb des Graphen (torch.no_grad()): ein von Hand geschriebener Weight Decay.</translation>
    </message>
    <message>
        <source>Adds {value} to every element of {tensors}, in place, outside the graph (torch.no_grad()).</source>
        <translation>Addiert {value} zu jedem Element von {tensors}, an Ort und Stelle, außerhalb des Graphen (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Divides {tensors} by {value}, in place, outside the graph (torch.no_grad()).</source>
        <translation>Teilt {tensors} durch {value}, an Ort und Stelle, außerhalb des Graphen (torch.no_grad()).</translation>
    </message>
    <message>
        <source>Limits every element of the gradients of {tensors} to [{min}, {max}], in place: a gradient clipping written by hand.</source>
        <translation>Begrenzt jedes Element der Gradienten von {tensors} auf [{min}, {max}], an Ort und Stelle: ein von Hand geschriebenes Gradient Clipping.</translation>
    </message>
</context>
<context>
    <name>AnswerCover</name>
    <message>
        <source>Hidden until you check: this panel would show answers of the open exercise. Check your predictions in the Exercise panel first (a wrong one offers the step-through as a hint).</source>
        <translation>Verborgen bis zur Prüfung: Dieser Bereich würde Antworten der offenen Übung zeigen. Prüfe zuerst deine Vorhersagen im Bereich Übung (eine falsche bietet das Schritt-für-Schritt als Hinweis an).</translation>
    </message>
</context>
<context>
    <name>AutogradItems</name>
    <message>
        <source>→ (a leaf)</source>
        <translation>→ (ein Blatt)</translation>
    </message>
    <message>
        <source>of {names}</source>
        <translation>von {names}</translation>
    </message>
    <message>
        <source>(intermediate)</source>
        <translation>(Zwischenwert)</translation>
    </message>
    <message>
        <source>the same tensor as {names}</source>
        <translation>derselbe Tensor wie {names}</translation>
    </message>
    <message>
        <source>saved for backward: {names}</source>
        <translation>für backward gespeichert: {names}</translation>
    </message>
    <message>
        <source> (freed by backward: pass retain_graph=True to keep them)</source>
        <translation> (von backward freigegeben: Übergib retain_graph=True, um sie zu behalten)</translation>
    </message>
    <message>
        <source>saved {name}</source>
        <translation>gesp. {name}</translation>
    </message>
    <message>
        <source>  (freed)</source>
        <translation>  (frei)</translation>
    </message>
    <message>
        <source>next_functions[{nr}]: the gradient for input {nr} of {source} flows on to {target}</source>
        <translation>next_functions[{nr}]: Der Gradient für Eingang {nr} von {source} fließt weiter zu {target}</translation>
    </message>
</context>
<context>
    <name>AutogradView</name>
    <message>
        <source>received {name} = {value}</source>
        <translation>erhielt {name} = {value}</translation>
    </message>
    <message>
        <source>
sent [{nr}] {name}: {value}</source>
        <translation>
sandte [{nr}] {name}: {value}</translation>
    </message>
    <message>
        <source>
.grad after: {after}</source>
        <translation>
.grad danach: {after}</translation>
    </message>
    <message>
        <source>step {k} of {n}: &lt;b&gt;{name}&lt;/b&gt; ran</source>
        <translation>Schritt {k} von {n}: &lt;b&gt;{name}&lt;/b&gt; lief</translation>
    </message>
    <message>
        <source>before the first step</source>
        <translation>vor dem ersten Schritt</translation>
    </message>
    <message>
        <source>Stepping through &lt;b&gt;{title}&lt;/b&gt;, {now}. Arrows carry the gradients sent so far; greyed buffers are freed.</source>
        <translation>&lt;b&gt;{title}&lt;/b&gt; schrittweise, {now}. Pfeile tragen die bisher gesendeten Gradienten; graue Puffer sind freigegeben.</translation>
    </message>
    <message>
        <source>Backward graph of &lt;b&gt;{name}&lt;/b&gt;.grad_fn</source>
        <translation>Backward-Graph von &lt;b&gt;{name}&lt;/b&gt;.grad_fn</translation>
    </message>
    <message>
        <source> (the first backward&apos;s target: select a node to see its own)</source>
        <translation> (das Ziel des ersten backward: Wähle einen Knoten, um seinen zu sehen)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Drawn: the {drawn} grad_fns nearest to it, of {total:,}. Select a node further back on the canvas to see the graph from there.</source>
        <translation>&lt;br&gt;Gezeichnet: die {drawn} nächsten grad_fns von {total:,}. Wähle einen Knoten weiter hinten auf der Zeichenfläche, um den Graphen von dort zu sehen.</translation>
    </message>
    <message>
        <source>step {i} ({action})</source>
        <translation>Schritt {i} ({action})</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>Schritt {step}</translation>
    </message>
    <message>
        <source>Greyed, struck-through buffers were freed by {by}: pass retain_graph=True there to backward through this graph again.</source>
        <translation>Graue, durchgestrichene Puffer wurden von {by} freigegeben: Übergib dort retain_graph=True, um erneut rückwärts durch diesen Graphen zu gehen.</translation>
    </message>
    <message>
        <source>{count} more, not drawn</source>
        <translation>{count} weitere, nicht gezeichnet</translation>
    </message>
    <message>
        <source>next_functions leading further back than this view draws: select a node further back on the canvas to see its graph</source>
        <translation>next_functions, die weiter zurückführen, als diese Ansicht zeichnet: Wähle einen Knoten weiter hinten auf der Zeichenfläche, um seinen Graphen zu sehen</translation>
    </message>
    <message>
        <source>Select a node computed from tensors that require grad to see its backward graph: the grad_fn objects PyTorch recorded and the next_functions that link them.</source>
        <translation>Wähle einen Knoten, der aus Tensoren berechnet wird, die Gradienten benötigen, um seinen Backward-Graphen zu sehen: die grad_fn-Objekte, die PyTorch aufgezeichnet hat, und die next_functions, die sie verbinden.</translation>
    </message>
    <message>
        <source>arrows: next_functions, the way gradients flow</source>
        <translation>Pfeile: next_functions, der Weg, den die Gradienten fließen</translation>
    </message>
    <message>
        <source>
[i]: the entry&apos;s index in next_functions</source>
        <translation>
[i]: der Index des Eintrags in next_functions</translation>
    </message>
</context>
<context>
    <name>BusyStatus</name>
    <message>
        <source>Running the graph… the views show the previous run until it is done.</source>
        <translation>Der Graph läuft… die Ansichten zeigen den vorigen Lauf, bis er fertig ist.</translation>
    </message>
</context>
<context>
    <name>Canvas</name>
    <message>
        <source>An empty graph: press Tab to add a node, or open File&#xa0;▸&#xa0;Examples.</source>
        <translation>Ein leerer Graph: Drücke Tab, um einen Knoten hinzuzufügen, oder öffne Datei&#xa0;▸&#xa0;Beispiele.</translation>
    </message>
    <message>
        <source>An empty graph. Double-click a kind in the Palette, drag it here, or press Tab for quick add; then drag from an output port to an input port to connect them. File ▸ Examples has the autograd tutorial.</source>
        <translation>Ein leerer Graph. Doppelklicke eine Art in der Palette, ziehe sie hierher oder drücke Tab zum schnellen Hinzufügen; ziehe dann von einem Ausgang zu einem Eingang, um sie zu verbinden. Datei ▸ Beispiele enthält das Autograd-Tutorial.</translation>
    </message>
    <message>
        <source>Insert detach after {v}</source>
        <translation>detach nach {v} einfügen</translation>
    </message>
    <message>
        <source>GradStudio graph</source>
        <translation>GradStudio-Graph</translation>
    </message>
    <message>
        <source>{count} nodes</source>
        <translation>{count} Knoten</translation>
    </message>
    <message>
        <source>Release to move {who} between no_grad regions</source>
        <translation>Loslassen, um {who} zwischen no_grad-Regionen zu verschieben</translation>
    </message>
    <message>
        <source>Move {who} between no_grad regions</source>
        <translation>{who} zwischen no_grad-Regionen verschieben</translation>
    </message>
    <message>
        <source>Release to add {who} to no_grad</source>
        <translation>Loslassen, um {who} zu no_grad hinzuzufügen</translation>
    </message>
    <message>
        <source>Move {who} into no_grad</source>
        <translation>{who} in no_grad verschieben</translation>
    </message>
    <message>
        <source>Release to take {who} out of no_grad</source>
        <translation>Loslassen, um {who} aus no_grad herauszunehmen</translation>
    </message>
    <message>
        <source>Move {who} out of no_grad</source>
        <translation>{who} aus no_grad herausnehmen</translation>
    </message>
    <message>
        <source>Connect output {k} of {name}</source>
        <translation>Ausgabe {k} von {name} verbinden</translation>
    </message>
</context>
<context>
    <name>Card</name>
    <message>
        <source>recorded · line {line}</source>
        <translation>aufgezeichnet · Zeile {line}</translation>
    </message>
</context>
<context>
    <name>Catalogue</name>
    <message>
        <source>A hook run after the gradient is accumulated returns nothing: write what it prints, print(grad).</source>
        <translation>Ein Hook, der nach dem Akkumulieren des Gradienten läuft, gibt nichts zurück: Schreiben Sie, was er ausgibt, print(grad).</translation>
    </message>
    <message>
        <source>The list {into} holds no value {call} here: its hook keeps one at each backward that reaches it. Compute this node at a step after that backward (timeline: Add ▸ compute nodes here).</source>
        <translation>Die Liste {into} enthält hier keinen Wert {call}: Ihr Hook behält einen bei jedem Backward, der ihn erreicht. Berechnen Sie diesen Knoten in einem Schritt nach diesem Backward (Zeitleiste: Hinzufügen ▸ Knoten hier berechnen).</translation>
    </message>
    <message>
        <source>The hook keeps numbers in {into}, not tensors: there is no tensor to show.</source>
        <translation>Der Hook behält in {into} Zahlen, keine Tensoren: Es gibt keinen Tensor zu zeigen.</translation>
    </message>
    <message>
        <source>Its .grad is None here: no backward has given this tensor a gradient yet{why}. Compute it at a step after a backward (timeline: Add ▸ compute nodes here).</source>
        <translation>Sein .grad ist hier None: Noch kein backward hat diesem Tensor einen Gradienten gegeben{why}. Berechne ihn in einem Schritt nach einem backward (Zeitleiste: Hinzufügen ▸ compute nodes here).</translation>
    </message>
    <message>
        <source>test_fraction is from 0 to {MAX_TEST_FRACTION}: set it within that.</source>
        <translation>test_fraction liegt zwischen 0 und {MAX_TEST_FRACTION}: Setze es in diesen Bereich.</translation>
    </message>
    <message>
        <source>A test fraction of {fraction} of {rows} points leaves {test} test and {rows2} training points: choose a fraction that leaves some of each.</source>
        <translation>Ein Testanteil von {fraction} bei {rows} Punkten lässt {test} Test- und {rows2} Trainingspunkte: Wähle einen Anteil, der von beiden einige lässt.</translation>
    </message>
    <message>
        <source>A dataset has from 1 to {MAX_POINTS:,} points: set n within that.</source>
        <translation>Ein Datensatz hat 1 bis {MAX_POINTS:,} Punkte: Setze n in diesen Bereich.</translation>
    </message>
    <message>
        <source>A dataset has from 1 to 64 blobs: set centers within that.</source>
        <translation>Ein Datensatz hat 1 bis 64 Punktwolken: Setze centers in diesen Bereich.</translation>
    </message>
    <message>
        <source>Imported data is a table of rows of at least two numbers (the features, then the label).</source>
        <translation>Importierte Daten sind eine Tabelle aus Zeilen mit mindestens zwei Zahlen (die Merkmale, dann das Label).</translation>
    </message>
    <message>
        <source>A loader needs from 1 to {most:,} rows and a batch size of at least 1.</source>
        <translation>Ein Loader braucht 1 bis {most:,} Zeilen und eine Batchgröße von mindestens 1.</translation>
    </message>
    <message>
        <source>A SubsetRandomSampler draws its rows in a new order every epoch: turn shuffle on, or choose the DataLoader source.</source>
        <translation>Ein SubsetRandomSampler zieht seine Zeilen in jeder Epoche in neuer Reihenfolge: Schalte shuffle ein oder wähle die Quelle DataLoader.</translation>
    </message>
    <message>
        <source>With drop_last and a batch larger than the rows, the loader has no batch at all: lower the batch size.</source>
        <translation>Mit drop_last und einem Batch, der größer ist als die Zeilen, hat der Loader gar keinen Batch: Verkleinern Sie die Batchgröße.</translation>
    </message>
    <message>
        <source>A Function&apos;s numbers are a flat list of at most 8 numbers, such as [0.5, 2].</source>
        <translation>Die Zahlen einer Function sind eine flache Liste von höchstens 8 Zahlen, etwa [0.5, 2].</translation>
    </message>
    <message>
        <source>{name}&apos;s forward takes {n} inputs ({names}) but the node has {count} and {k} numbers: set its number of inputs to {left}.</source>
        <translation>Das forward von {name} nimmt {n} Eingaben ({names}), der Knoten hat aber {count} und {k} Zahlen: Stelle seine Zahl der Eingaben auf {left}.</translation>
    </message>
    <message>
        <source>{name}: {why}.</source>
        <translation>{name}: {why}.</translation>
    </message>
    <message>
        <source>{name}&apos;s forward did not return {n} outputs.</source>
        <translation>Das forward von {name} hat nicht {n} Ausgaben zurückgegeben.</translation>
    </message>
    <message>
        <source>A Function output takes a custom Function of several outputs on its port.</source>
        <translation>Eine Function-Ausgabe nimmt an ihrem Port eine eigene Function mit mehreren Ausgaben.</translation>
    </message>
    <message>
        <source>A collect node keeps its tensor as item, float or detach.</source>
        <translation>Ein collect-Knoten behält seinen Tensor als item, float oder detach.</translation>
    </message>
    <message>
        <source>Only a tensor of one element can be collected as a number ({form}); this one has {count} elements. Collect it with detach.</source>
        <translation>Nur ein Tensor mit einem Element kann als Zahl gesammelt werden ({form}); dieser hat {count} Elemente. Sammle ihn mit detach.</translation>
    </message>
    <message>
        <source>The list {into} holds nothing yet here: a collect node appends to it each time it is computed. Compute this node at a step after the loop that collects (timeline: Add ▸ compute nodes here).</source>
        <translation>Die Liste {into} enthält hier noch nichts: ein collect-Knoten hängt bei jeder Berechnung an sie an. Berechne diesen Knoten in einem Schritt nach der Schleife, die sammelt (Zeitleiste: Hinzufügen ▸ Knoten hier berechnen).</translation>
    </message>
    <message>
        <source>The list {into} holds numbers, not tensors: make its tensor with torch.tensor, not torch.stack.</source>
        <translation>Die Liste {into} enthält Zahlen, keine Tensoren: mache ihren Tensor mit torch.tensor, nicht mit torch.stack.</translation>
    </message>
    <message>
        <source>The list {into} holds tensors, not numbers: make its tensor with torch.stack, not torch.tensor.</source>
        <translation>Die Liste {into} enthält Tensoren, keine Zahlen: mache ihren Tensor mit torch.stack, nicht mit torch.tensor.</translation>
    </message>
    <message>
        <source>nothing collected yet</source>
        <translation>noch nichts gesammelt</translation>
    </message>
    <message>
        <source>{count} values: {first} … {last}</source>
        <translation>{count} Werte: {first} … {last}</translation>
    </message>
    <message>
        <source>{into} at the end of the run: {summary}</source>
        <translation>{into} am Ende des Laufs: {summary}</translation>
    </message>
</context>
<context>
    <name>Classroom</name>
    <message>
        <source>Exercise</source>
        <translation>Übung</translation>
    </message>
    <message>
        <source>Exercise panel: predict, then check</source>
        <translation>Übungsbereich: vorhersagen, dann prüfen</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Graph as a List</source>
        <translation>Graph als Liste</translation>
    </message>
    <message>
        <source>Graph as a list, for screen readers</source>
        <translation>Graph als Liste, für Bildschirmleser</translation>
    </message>
    <message>
        <source>Add &amp;Note…</source>
        <translation>&amp;Notiz hinzufügen…</translation>
    </message>
    <message>
        <source>Add a Markdown note on the canvas, pinned to the selected node (or free); double-click a note to edit it</source>
        <translation>Eine Markdown-Notiz auf der Zeichenfläche hinzufügen, an den gewählten Knoten geheftet (oder frei); Doppelklick auf eine Notiz bearbeitet sie</translation>
    </message>
    <message>
        <source>&amp;Connect Output To…</source>
        <translation>Ausgang &amp;verbinden mit…</translation>
    </message>
    <message>
        <source>Connect the selected node&apos;s output to an input chosen from a list (the keyboard&apos;s drag)</source>
        <translation>Den Ausgang des gewählten Knotens mit einem Eingang aus einer Liste verbinden (das Ziehen der Tastatur)</translation>
    </message>
    <message>
        <source>Put the Keyboard on the &amp;Canvas</source>
        <translation>Tastatur auf die &amp;Zeichenfläche</translation>
    </message>
    <message>
        <source>Moves the keyboard focus to the canvas, from any panel</source>
        <translation>Setzt den Tastaturfokus auf die Zeichenfläche, von jedem Bereich aus</translation>
    </message>
    <message>
        <source>Put the Keyboard on the &amp;Exercise</source>
        <translation>Tastatur auf die &amp;Übung</translation>
    </message>
    <message>
        <source>Moves the keyboard to the first question of the exercise not yet answered right</source>
        <translation>Setzt die Tastatur auf die erste Frage der Übung, die noch nicht richtig beantwortet ist</translation>
    </message>
</context>
<context>
    <name>CodeView</name>
    <message>
        <source>Export to PyTorch is not available in this build yet, so there is no code to show.</source>
        <translation>Der Export nach PyTorch ist in diesem Build noch nicht verfügbar, daher gibt es keinen Code zu zeigen.</translation>
    </message>
    <message>
        <source>This graph has {nodes:,} nodes, too many to show its PyTorch code here; File ▸ Export to PyTorch writes it whole.</source>
        <translation>Dieser Graph hat {nodes:,} Knoten, zu viele, um seinen PyTorch-Code hier zu zeigen; Datei ▸ Nach PyTorch exportieren schreibt ihn vollständig.</translation>
    </message>
    <message>
        <source>The document could not be written as PyTorch code: {exc}</source>
        <translation>Das Dokument konnte nicht als PyTorch-Code geschrieben werden: {exc}</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>Add {article} {kind} node</source>
        <translation>{kind}-Knoten hinzufügen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete {v}</source>
        <translation>{v} löschen</translation>
    </message>
    <message>
        <source>Connect {v} → {v2}.{port}</source>
        <translation>{v} → {v2}.{port} verbinden</translation>
    </message>
    <message>
        <source>Disconnect {v}.{port}</source>
        <translation>{v}.{port} trennen</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Wrap in no_grad</source>
        <translation>In no_grad einschließen</translation>
    </message>
    <message>
        <source>Remove no_grad region</source>
        <translation>no_grad-Region entfernen</translation>
    </message>
    <message>
        <source>Remove action</source>
        <translation>Aktion entfernen</translation>
    </message>
    <message>
        <source>Keep the live run</source>
        <translation>Live-Lauf übernehmen</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Einfügen</translation>
    </message>
</context>
<context>
    <name>ComparePanel</name>
    <message>
        <source>Keep This Run</source>
        <translation>Diesen Lauf behalten</translation>
    </message>
    <message>
        <source>Keep the values, gradients and grad_fns shown now, to compare with after your edits.</source>
        <translation>Die jetzt gezeigten Werte, Gradienten und grad_fns behalten, um nach deinen Änderungen zu vergleichen.</translation>
    </message>
    <message>
        <source>Forget It</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Keep a run, then edit the graph: what changed is listed here and ringed on the canvas.</source>
        <translation>Behalte einen Lauf und ändere dann den Graphen: Was sich geändert hat, steht hier und wird auf der Zeichenfläche eingekreist.</translation>
    </message>
    <message>
        <source>What changed since the kept run</source>
        <translation>Was sich seit dem behaltenen Lauf geändert hat</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>das Ende</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>Schritt {step}</translation>
    </message>
    <message>
        <source>kept at {step}</source>
        <translation>behalten bei {step}</translation>
    </message>
    <message>
        <source>Since the run {label}: </source>
        <translation>Seit dem Lauf {label}: </translation>
    </message>
    <message>
        <source>{n} changes.</source>
        <translation>{n} Änderungen.</translation>
    </message>
    <message>
        <source>{n} change.</source>
        <translation>{n} Änderung.</translation>
    </message>
    <message>
        <source>nothing changed.</source>
        <translation>nichts geändert.</translation>
    </message>
</context>
<context>
    <name>ContextMenu</name>
    <message>
        <source>Add node here…</source>
        <translation>Knoten hier hinzufügen…</translation>
    </message>
    <message>
        <source>Keep .grad: {name}.retain_grad()</source>
        <translation>.grad behalten: {name}.retain_grad()</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Give the node a name (its variable in the code)</source>
        <translation>Dem Knoten einen Namen geben (seine Variable im Code)</translation>
    </message>
    <message>
        <source>Wrap {name} in no_grad</source>
        <translation>{name} in no_grad einschließen</translation>
    </message>
    <message>
        <source>Evaluate these nodes inside torch.no_grad()</source>
        <translation>Diese Knoten in torch.no_grad() auswerten</translation>
    </message>
    <message>
        <source>Remove from no_grad region</source>
        <translation>Aus der no_grad-Region nehmen</translation>
    </message>
    <message>
        <source>Evaluate these nodes with gradients tracked again</source>
        <translation>Diese Knoten wieder mit verfolgten Gradienten auswerten</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Delete {name}</source>
        <translation>{name} löschen</translation>
    </message>
    <message>
        <source>{name}.backward()</source>
        <translation>{name}.backward()</translation>
    </message>
    <message>
        <source>Append {name}.backward() to the timeline</source>
        <translation>{name}.backward() an die Zeitleiste anhängen</translation>
    </message>
    <message>
        <source>Insert detach() after {name}</source>
        <translation>detach() nach {name} einfügen</translation>
    </message>
    <message>
        <source>Cut the graph: what uses it gets a detached copy</source>
        <translation>Den Graphen schneiden: Was ihn nutzt, erhält eine abgetrennte Kopie</translation>
    </message>
    <message>
        <source>requires_grad: {name}</source>
        <translation>requires_grad: {name}</translation>
    </message>
    <message>
        <source>Track operations on this leaf for autograd</source>
        <translation>Operationen auf diesem Blatt für Autograd verfolgen</translation>
    </message>
    <message>
        <source>Remove no_grad region</source>
        <translation>no_grad-Region entfernen</translation>
    </message>
    <message>
        <source>Its nodes stay and are evaluated with gradients tracked again</source>
        <translation>Ihre Knoten bleiben und werden wieder mit verfolgten Gradienten ausgewertet</translation>
    </message>
    <message>
        <source>Select its nodes</source>
        <translation>Ihre Knoten auswählen</translation>
    </message>
</context>
<context>
    <name>DataDock</name>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
</context>
<context>
    <name>DataFile</name>
    <message>
        <source>The file has more rows than GradStudio reads (at most {most}): only its first {rows} rows are imported.</source>
        <translation>Die Datei hat mehr Zeilen, als GradStudio liest (höchstens {most}): Nur ihre ersten {rows} Zeilen werden importiert.</translation>
    </message>
    <message>
        <source>{value} is empty: there is nothing to import.</source>
        <translation>{value} ist leer: Es gibt nichts zu importieren.</translation>
    </message>
    <message>
        <source>The file has {count} columns; GradStudio imports at most {MAX_COLUMNS}.</source>
        <translation>Die Datei hat {count} Spalten; GradStudio importiert höchstens {MAX_COLUMNS}.</translation>
    </message>
    <message>
        <source>{value} is not a text file (it holds bytes that are not UTF-8 text): import a CSV or .npy file.</source>
        <translation>{value} ist keine Textdatei (sie enthält Bytes, die kein UTF-8-Text sind): Importiere eine CSV- oder .npy-Datei.</translation>
    </message>
    <message>
        <source>{value} is a binary file, not CSV text: import a CSV or .npy file.</source>
        <translation>{value} ist eine Binärdatei, kein CSV-Text: Importiere eine CSV- oder .npy-Datei.</translation>
    </message>
    <message>
        <source>{value} has a line longer than {MAX_LINE:,} characters: this is not a table GradStudio can import.</source>
        <translation>{value} hat eine Zeile mit mehr als {MAX_LINE:,} Zeichen: Das ist keine Tabelle, die GradStudio importieren kann.</translation>
    </message>
    <message>
        <source>Line {line_num} cannot be read as delimited text ({e}): check the file.</source>
        <translation>Zeile {line_num} lässt sich nicht als getrennter Text lesen ({e}): Prüfe die Datei.</translation>
    </message>
    <message>
        <source>{value} has {count} columns; GradStudio imports at most {MAX_COLUMNS}.</source>
        <translation>{value} hat {count} Spalten; GradStudio importiert höchstens {MAX_COLUMNS}.</translation>
    </message>
    <message>
        <source>{value} has no rows of data below its header: there is nothing to import.</source>
        <translation>{value} hat unter der Kopfzeile keine Datenzeilen: Es gibt nichts zu importieren.</translation>
    </message>
    <message>
        <source>{name} could not be read as a table of numbers: check the delimiter and the header.</source>
        <translation>{name} ließ sich nicht als Zahlentabelle lesen: Prüfe das Trennzeichen und die Kopfzeile.</translation>
    </message>
    <message>
        <source>Row {i}, column {j} of {value} is {what}: fill it with a number or remove that row.</source>
        <translation>Zeile {i}, Spalte {j} von {value} ist {what}: Trage eine Zahl ein oder entferne diese Zeile.</translation>
    </message>
    <message>
        <source>{value} could not be opened ({value2}): check the file and try again.</source>
        <translation>{value} ließ sich nicht öffnen ({value2}): Prüfe die Datei und versuche es erneut.</translation>
    </message>
    <message>
        <source>{value} is not a NumPy .npy file: import a .npy file saved by numpy.save, or a CSV file.</source>
        <translation>{value} ist keine NumPy-.npy-Datei: Importiere eine mit numpy.save gespeicherte .npy-Datei oder eine CSV-Datei.</translation>
    </message>
    <message>
        <source>{value} holds Python objects (a pickled array), which GradStudio never loads: save it as an array of numbers.</source>
        <translation>{value} enthält Python-Objekte (ein gepickeltes Array), die GradStudio nie lädt: Speichere es als Array von Zahlen.</translation>
    </message>
    <message>
        <source>{value} holds {dtype} values, not numbers: save it as an array of numbers (float or int).</source>
        <translation>{value} enthält Werte vom Typ {dtype}, keine Zahlen: Speichere es als Array von Zahlen (float oder int).</translation>
    </message>
    <message>
        <source>{value} holds an array of {count} dimensions; GradStudio imports a table: one row per point (2 dimensions).</source>
        <translation>{value} enthält ein Array mit {count} Dimensionen; GradStudio importiert eine Tabelle: eine Zeile pro Punkt (2 Dimensionen).</translation>
    </message>
    <message>
        <source>{name} could not be read as a .npy file ({error}): check the file.</source>
        <translation>{name} ließ sich nicht als .npy-Datei lesen ({error}): Prüfe die Datei.</translation>
    </message>
    <message>
        <source>{value} has {shape} columns; GradStudio imports at most {MAX_COLUMNS}.</source>
        <translation>{value} hat {shape} Spalten; GradStudio importiert höchstens {MAX_COLUMNS}.</translation>
    </message>
    <message>
        <source>{value} has no rows: there is nothing to import.</source>
        <translation>{value} hat keine Zeilen: Es gibt nichts zu importieren.</translation>
    </message>
    <message>
        <source>unknown .npy version {version}</source>
        <translation>unbekannte .npy-Version {version}</translation>
    </message>
    <message>
        <source>{value} is not a file: choose a CSV or .npy file.</source>
        <translation>{value} ist keine Datei: Wähle eine CSV- oder .npy-Datei.</translation>
    </message>
    <message>
        <source>Choose at least one feature column besides the label.</source>
        <translation>Wähle neben dem Label mindestens eine Merkmalsspalte.</translation>
    </message>
    <message>
        <source>{rows:,} rows of {count} columns are {count2:,} numbers; a data node holds at most {MAX_ELEMENTS:,}: choose fewer columns.</source>
        <translation>{rows:,} Zeilen mit {count} Spalten sind {count2:,} Zahlen; ein Datenknoten fasst höchstens {MAX_ELEMENTS:,}: Wähle weniger Spalten.</translation>
    </message>
    <message>
        <source>With these {shape:,} rows the graph file would hold about {size:.0f} MB, more than the {MAX_BYTES} MB a graph file may: choose fewer columns, or remove other imported data first.</source>
        <translation>Mit diesen {shape:,} Zeilen wäre die Graphdatei etwa {size:.0f} MB groß, mehr als die {MAX_BYTES} MB, die eine Graphdatei haben darf: Wähle weniger Spalten oder entferne zuerst andere importierte Daten.</translation>
    </message>
</context>
<context>
    <name>DataPanel</name>
    <message>
        <source>No data to show: the Data panel shows a model trained on points, such as File ▸ Examples ▸ Playground.</source>
        <translation>Keine Daten zu zeigen: Der Bereich Daten zeigt ein Modell, das auf Punkten trainiert wird, etwa Datei ▸ Beispiele ▸ Spielwiese.</translation>
    </message>
    <message>
        <source>Replay the boundary&apos;s history: the loop&apos;s iterations one after another, from the first (click again to stop).</source>
        <translation>Die Geschichte der Grenze erneut abspielen: die Iterationen der Schleife nacheinander, ab der ersten (erneut klicken zum Anhalten).</translation>
    </message>
    <message>
        <source>Replay the boundary&apos;s history</source>
        <translation>Die Geschichte der Grenze erneut abspielen</translation>
    </message>
    <message>
        <source>train: {scores}</source>
        <translation>Training: {scores}</translation>
    </message>
    <message>
        <source>test (hollow): {scores}</source>
        <translation>Test (hohl): {scores}</translation>
    </message>
    <message>
        <source>iteration {v} of {count}</source>
        <translation>Iteration {v} von {count}</translation>
    </message>
    <message>
        <source>accuracy {v:.1f} % ({n} of {v2} wrong)</source>
        <translation>Genauigkeit {v:.1f} % ({n} von {v2} falsch)</translation>
    </message>
</context>
<context>
    <name>DataView</name>
    <message>
        <source>No training loop yet: the Data panel shows a model trained on points by a loop (File ▸ Examples ▸ Playground, or Add ▸ Train… in the timeline).</source>
        <translation>Noch keine Trainingsschleife: Der Bereich Daten zeigt ein Modell, das von einer Schleife auf Punkten trainiert wird (Datei ▸ Beispiele ▸ Spielwiese, oder Hinzufügen ▸ Trainieren… in der Zeitleiste).</translation>
    </message>
    <message>
        <source>The loop has no backward pass: add loss.backward() to it.</source>
        <translation>Die Schleife hat keinen Rückwärtsdurchlauf: Füge ihr loss.backward() hinzu.</translation>
    </message>
    <message>
        <source>The model could not be computed over the input plane: {error}</source>
        <translation>Das Modell konnte über der Eingabeebene nicht berechnet werden: {error}</translation>
    </message>
    <message>
        <source>This program has no data to show: add a dataset from the palette&apos;s Datasets or File ▸ Import Data…, and train on it with a loss node such as mse_loss; or open File ▸ Examples ▸ Playground.</source>
        <translation>Dieses Programm hat keine Daten zum Anzeigen: Füge einen Datensatz aus den Datensätzen der Palette oder über Datei ▸ Daten importieren… hinzu und trainiere darauf mit einem Verlustknoten wie mse_loss; oder öffne Datei ▸ Beispiele ▸ Spielwiese.</translation>
    </message>
    <message>
        <source>{name}, which the loop&apos;s backward() starts from, is not a loss node with a target (mse_loss, binary_cross_entropy, cross_entropy …): compute it with one, so the Data panel can tell the model&apos;s output from the targets.</source>
        <translation>{name}, wo das backward() der Schleife beginnt, ist kein Verlustknoten mit Ziel (mse_loss, binary_cross_entropy, cross_entropy …): Berechne ihn mit einem solchen, damit der Bereich Daten die Ausgabe des Modells von den Zielen unterscheiden kann.</translation>
    </message>
    <message>
        <source>The model&apos;s output or the targets could not be computed: see the node in red.</source>
        <translation>Die Ausgabe des Modells oder die Ziele konnten nicht berechnet werden: Siehe den roten Knoten.</translation>
    </message>
    <message>
        <source>The Data panel shows models of one or two inputs: no tensor of one or two columns, one row per point, feeds the model&apos;s output.</source>
        <translation>Der Bereich Daten zeigt Modelle mit einem oder zwei Eingängen: Kein Tensor mit einer oder zwei Spalten, eine Zeile pro Punkt, speist die Ausgabe des Modells.</translation>
    </message>
    <message>
        <source>{names} has no value at this step.</source>
        <translation>{names} hat in diesem Schritt keinen Wert.</translation>
    </message>
    <message>
        <source>The test points could not be computed: {error}</source>
        <translation>Die Testpunkte konnten nicht berechnet werden: {error}</translation>
    </message>
    <message>
        <source>The model&apos;s inputs or targets are not made from the data node&apos;s rows alone, so its test rows cannot be shown.</source>
        <translation>Die Eingaben oder Ziele des Modells entstehen nicht allein aus den Zeilen des Datenknotens, daher können seine Testzeilen nicht gezeigt werden.</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <source>change the learning rate</source>
        <translation>die Lernrate ändern</translation>
    </message>
    <message>
        <source>comma</source>
        <translation>Komma</translation>
    </message>
    <message>
        <source>semicolon</source>
        <translation>Semikolon</translation>
    </message>
    <message>
        <source>tab</source>
        <translation>Tabulator</translation>
    </message>
    <message>
        <source>space</source>
        <translation>Leerzeichen</translation>
    </message>
    <message>
        <source>bar</source>
        <translation>senkrechter Strich</translation>
    </message>
    <message>
        <source>clip the gradients&apos; norm</source>
        <translation>die Norm der Gradienten begrenzen</translation>
    </message>
    <message>
        <source>clip the gradients&apos; values</source>
        <translation>die Werte der Gradienten begrenzen</translation>
    </message>
    <message>
        <source>load values into tensors (load_state_dict)</source>
        <translation>Werte in Tensoren laden (load_state_dict)</translation>
    </message>
    <message>
        <source>make a learning-rate scheduler</source>
        <translation>einen Lernraten-Scheduler anlegen</translation>
    </message>
    <message>
        <source>scheduler.step()</source>
        <translation>scheduler.step()</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>Aktivierung</translation>
    </message>
    <message>
        <source>Arithmetic</source>
        <translation>Arithmetik</translation>
    </message>
    <message>
        <source>Elementwise</source>
        <translation>Elementweise</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>Reduktion</translation>
    </message>
    <message>
        <source>Linear algebra</source>
        <translation>Lineare Algebra</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Autograd</source>
        <translation>Autograd</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>Normalisierung</translation>
    </message>
    <message>
        <source>Convolution</source>
        <translation>Faltung</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>Datensätze</translation>
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
        <translation>grad auf None setzen</translation>
    </message>
    <message>
        <source>set grad</source>
        <translation>grad setzen</translation>
    </message>
    <message>
        <source>torch.autograd.grad()</source>
        <translation>torch.autograd.grad()</translation>
    </message>
    <message>
        <source>update: p -= lr * p.grad</source>
        <translation>Update: p -= lr * p.grad</translation>
    </message>
    <message>
        <source>momentum by hand: v.mul_(mu).add_(p.grad); p -= lr * v</source>
        <translation>Momentum von Hand: v.mul_(mu).add_(p.grad); p -= lr * v</translation>
    </message>
    <message>
        <source>change in place: p.clamp_(), p.mul_()</source>
        <translation>an Ort und Stelle ändern: p.clamp_(), p.mul_()</translation>
    </message>
    <message>
        <source>clamp the gradients: p.grad.clamp_()</source>
        <translation>die Gradienten begrenzen: p.grad.clamp_()</translation>
    </message>
    <message>
        <source>make an optimizer</source>
        <translation>einen Optimierer anlegen</translation>
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
        <translation>erneut forward</translation>
    </message>
    <message>
        <source>loop: repeat the steps below</source>
        <translation>Schleife: die Schritte darunter wiederholen</translation>
    </message>
    <message>
        <source>at the end of each epoch</source>
        <translation>am Ende jeder Epoche</translation>
    </message>
    <message>
        <source>end of loop</source>
        <translation>Ende der Schleife</translation>
    </message>
    <message>
        <source>print(tensor)</source>
        <translation>print(tensor)</translation>
    </message>
    <message>
        <source>compute nodes here</source>
        <translation>Knoten hier berechnen</translation>
    </message>
    <message>
        <source>print(...) as the script did</source>
        <translation>print(...) wie im Skript</translation>
    </message>
    <message>
        <source>Autograd tutorial</source>
        <translation>Autograd-Tutorial</translation>
    </message>
    <message>
        <source>requires_grad_ on a computed tensor</source>
        <translation>requires_grad_ auf einem berechneten Tensor</translation>
    </message>
    <message>
        <source>Vector-Jacobian product</source>
        <translation>Vektor-Jacobi-Produkt</translation>
    </message>
    <message>
        <source>detach and no_grad</source>
        <translation>detach und no_grad</translation>
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
        <translation>Matrixprodukt (matmul)</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Training: linear regression</source>
        <translation>Training: lineare Regression</translation>
    </message>
    <message>
        <source>Training: forgetting zero_grad</source>
        <translation>Training: zero_grad vergessen</translation>
    </message>
    <message>
        <source>Training: logistic regression with optim.SGD</source>
        <translation>Training: logistische Regression mit optim.SGD</translation>
    </message>
    <message>
        <source>Training: nn.Linear and MSE loss</source>
        <translation>Training: nn.Linear und MSE-Verlust</translation>
    </message>
    <message>
        <source>Training: XOR network with Adam</source>
        <translation>Training: XOR-Netz mit Adam</translation>
    </message>
    <message>
        <source>Exercise: the tutorial&apos;s x.grad</source>
        <translation>Übung: x.grad aus dem Tutorial</translation>
    </message>
    <message>
        <source>Exercise: retain_graph</source>
        <translation>Übung: retain_graph</translation>
    </message>
    <message>
        <source>Exercise: zero_grad</source>
        <translation>Übung: zero_grad</translation>
    </message>
    <message>
        <source>Exercise: detach</source>
        <translation>Übung: detach</translation>
    </message>
    <message>
        <source>Playground: XOR</source>
        <translation>Spielwiese: XOR</translation>
    </message>
    <message>
        <source>Playground: circles</source>
        <translation>Spielwiese: Kreise</translation>
    </message>
    <message>
        <source>Playground: spirals</source>
        <translation>Spielwiese: Spiralen</translation>
    </message>
    <message>
        <source>Playground: two moons</source>
        <translation>Spielwiese: zwei Monde</translation>
    </message>
    <message>
        <source>its values</source>
        <translation>seine Werte</translation>
    </message>
    <message>
        <source>its .grad</source>
        <translation>sein .grad</translation>
    </message>
    <message>
        <source>its grad_fn</source>
        <translation>seine grad_fn</translation>
    </message>
    <message>
        <source>requires_grad</source>
        <translation>requires_grad</translation>
    </message>
    <message>
        <source>which step raises, and what</source>
        <translation>welcher Schritt scheitert, und wie</translation>
    </message>
    <message>
        <source>A learning aid, not an exam: the answers are in the file, and are only kept out of sight until you check.</source>
        <translation>Eine Lernhilfe, keine Prüfung: Die Antworten stehen in der Datei und werden nur verborgen, bis du prüfst.</translation>
    </message>
</context>
<context>
    <name>ErrorReport</name>
    <message>
        <source>The canvas</source>
        <translation>Die Zeichenfläche</translation>
    </message>
    <message>
        <source>The Jacobian and Gradient Check panel</source>
        <translation>Der Bereich Jacobi-Matrix und Gradientenprüfung</translation>
    </message>
    <message>
        <source>The Step Through panel</source>
        <translation>Der Bereich Schritt für Schritt</translation>
    </message>
    <message>
        <source>The Training panel</source>
        <translation>Der Bereich Training</translation>
    </message>
    <message>
        <source>The Train dialog</source>
        <translation>Der Dialog Trainieren</translation>
    </message>
    <message>
        <source>The Lesson panel</source>
        <translation>Der Bereich Lektion</translation>
    </message>
    <message>
        <source>The Timeline panel</source>
        <translation>Der Bereich Zeitleiste</translation>
    </message>
    <message>
        <source>The Inspector</source>
        <translation>Der Inspektor</translation>
    </message>
    <message>
        <source>The Inspector&apos;s plot</source>
        <translation>Das Diagramm des Inspektors</translation>
    </message>
    <message>
        <source>The Autograd Graph panel</source>
        <translation>Der Bereich Autograd-Graph</translation>
    </message>
    <message>
        <source>The Code panel</source>
        <translation>Der Bereich Code</translation>
    </message>
    <message>
        <source>The Palette</source>
        <translation>Die Palette</translation>
    </message>
    <message>
        <source>The node search</source>
        <translation>Die Knotensuche</translation>
    </message>
    <message>
        <source>the details are in {log_path}</source>
        <translation>die Einzelheiten stehen in {log_path}</translation>
    </message>
    <message>
        <source>the details were printed where GradStudio was started</source>
        <translation>die Einzelheiten wurden dort ausgegeben, wo GradStudio gestartet wurde</translation>
    </message>
    <message>
        <source>{view} failed</source>
        <translation>{view} ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>{view} could not show the graph ({what}); your graph is safe and unchanged, so close and reopen the panel, or save and restart GradStudio if it happens again ({where}).</source>
        <translation>{view} konnte den Graphen nicht zeigen ({what}); dein Graph ist sicher und unverändert, also schließe den Bereich und öffne ihn wieder, oder speichere und starte GradStudio neu, wenn es wieder passiert ({where}).</translation>
    </message>
    <message>
        <source>The edit failed</source>
        <translation>Die Bearbeitung ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>The last edit failed ({what}); the graph is still open, so undo the last step if something looks wrong ({where}).</source>
        <translation>Die letzte Bearbeitung ist fehlgeschlagen ({what}); der Graph ist noch offen, also mache den letzten Schritt rückgängig, wenn etwas falsch aussieht ({where}).</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Etwas ist schiefgegangen</translation>
    </message>
    <message>
        <source>Something went wrong ({what}); the graph is still open, so save it and restart GradStudio if something looks wrong ({where}).</source>
        <translation>Etwas ist schiefgegangen ({what}); der Graph ist noch offen, also speichere ihn und starte GradStudio neu, wenn etwas falsch aussieht ({where}).</translation>
    </message>
    <message>
        <source>{title} again, with the same error as the message before.</source>
        <translation>{title} erneut, mit demselben Fehler wie in der vorigen Meldung.</translation>
    </message>
</context>
<context>
    <name>Exercise</name>
    <message>
        <source>An exercise holds at most {MAX_QUESTIONS} questions.</source>
        <translation>Eine Übung enthält höchstens {MAX_QUESTIONS} Fragen.</translation>
    </message>
    <message>
        <source>no step raises</source>
        <translation>kein Schritt löst einen Fehler aus</translation>
    </message>
    <message>
        <source>step {step}: {error}</source>
        <translation>Schritt {step}: {error}</translation>
    </message>
    <message>
        <source>Type the step and its error, as in 3: RuntimeError: …, or none.</source>
        <translation>Gib den Schritt und seinen Fehler ein, etwa 3: RuntimeError: …, oder none.</translation>
    </message>
    <message>
        <source>Right.</source>
        <translation>Richtig.</translation>
    </message>
    <message>
        <source>There is no tensor there: the answer is None.</source>
        <translation>Dort gibt es keinen Tensor: die Antwort ist None.</translation>
    </message>
    <message>
        <source>Right: None.</source>
        <translation>Richtig: None.</translation>
    </message>
    <message>
        <source>Type numbers, such as 4.5 or [[4.5, 4.5], [4.5, 4.5]], or None.</source>
        <translation>Gib Zahlen ein, etwa 4.5 oder [[4.5, 4.5], [4.5, 4.5]], oder None.</translation>
    </message>
    <message>
        <source>The shape differs: you typed {typed}, the tensor has {shape}.</source>
        <translation>Die Form stimmt nicht: du hast {typed} eingegeben, der Tensor hat {shape}.</translation>
    </message>
    <message>
        <source>{wrong} of {count} numbers differ by more than {tolerance}.</source>
        <translation>{wrong} von {count} Zahlen weichen um mehr als {tolerance} ab.</translation>
    </message>
    <message>
        <source>Right: no step raises.</source>
        <translation>Richtig: kein Schritt löst einen Fehler aus.</translation>
    </message>
    <message>
        <source>Step {step} does not raise.</source>
        <translation>Schritt {step} löst keinen Fehler aus.</translation>
    </message>
    <message>
        <source>The step is right; now type a part of its message (8 characters or more, as it is printed).</source>
        <translation>Der Schritt stimmt; gib jetzt einen Teil seiner Meldung ein (8 Zeichen oder mehr, wie sie ausgegeben wird).</translation>
    </message>
    <message>
        <source>This node fails in the run: {error}</source>
        <translation>Dieser Knoten schlägt im Lauf fehl: {error}</translation>
    </message>
    <message>
        <source>That is not its grad_fn.</source>
        <translation>Das ist nicht seine grad_fn.</translation>
    </message>
    <message>
        <source>Type True or False.</source>
        <translation>Gib True oder False ein.</translation>
    </message>
    <message>
        <source>Not so.</source>
        <translation>Nicht so.</translation>
    </message>
</context>
<context>
    <name>ExercisePanel</name>
    <message>
        <source>The Autograd Graph, Step Through Backward, Lesson and Jacobian panels stay hidden until you check; after a wrong check, Hint opens the step-through.</source>
        <translation>Die Bereiche Autograd-Graph, Backward schrittweise, Lektion und Jacobi-Matrix bleiben verborgen, bis du prüfst; nach einer falschen Prüfung öffnet Hinweis das Schritt-für-Schritt.</translation>
    </message>
    <message>
        <source>Which step raises, and what does it say? (e.g. 3: RuntimeError: …, or none)</source>
        <translation>Welcher Schritt löst einen Fehler aus, und was sagt er? (z. B. 3: RuntimeError: … oder none)</translation>
    </message>
    <message>
        <source>{name} (its values)</source>
        <translation>{name} (seine Werte)</translation>
    </message>
    <message>
        <source>at the end</source>
        <translation>am Ende</translation>
    </message>
    <message>
        <source>after the forward pass</source>
        <translation>nach dem Vorwärtsdurchlauf</translation>
    </message>
    <message>
        <source>after step {step}</source>
        <translation>nach Schritt {step}</translation>
    </message>
    <message>
        <source> (within {tolerance:g})</source>
        <translation> (auf {tolerance:g} genau)</translation>
    </message>
    <message>
        <source>your prediction</source>
        <translation>deine Vorhersage</translation>
    </message>
    <message>
        <source>Prediction for question {number}</source>
        <translation>Vorhersage für Frage {number}</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Check question {number}</source>
        <translation>Frage {number} prüfen</translation>
    </message>
    <message>
        <source>Hint: step through</source>
        <translation>Hinweis: Schritt für Schritt</translation>
    </message>
    <message>
        <source>Step through the backward pass, node by node, with the chain rule in numbers (this shows the gradients).</source>
        <translation>Den Rückwärtsdurchlauf Knoten für Knoten durchgehen, mit der Kettenregel in Zahlen (das zeigt die Gradienten).</translation>
    </message>
    <message>
        <source>
The run: {expected}</source>
        <translation>
Der Lauf: {expected}</translation>
    </message>
    <message>
        <source>Right: </source>
        <translation>Richtig: </translation>
    </message>
    <message>
        <source>Wrong: </source>
        <translation>Falsch: </translation>
    </message>
    <message>
        <source>Exercise</source>
        <translation>Übung</translation>
    </message>
    <message>
        <source>No exercise yet. A teacher selects a node and adds a question below.</source>
        <translation>Noch keine Übung. Eine Lehrkraft wählt einen Knoten und fügt unten eine Frage hinzu.</translation>
    </message>
    <message>
        <source>For the teacher</source>
        <translation>Für die Lehrkraft</translation>
    </message>
    <message>
        <source>Show answers</source>
        <translation>Antworten zeigen</translation>
    </message>
    <message>
        <source>Shows the values, gradients and grad_fns the exercise asks for on the canvas and in the inspector.</source>
        <translation>Zeigt die Werte, Gradienten und grad_fns, nach denen die Übung fragt, auf der Zeichenfläche und im Inspektor.</translation>
    </message>
    <message>
        <source>What to predict</source>
        <translation>Was vorherzusagen ist</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>das Ende</translation>
    </message>
    <message>
        <source>At timeline step</source>
        <translation>Bei Schritt der Zeitleiste</translation>
    </message>
    <message>
        <source>Tolerance for numbers</source>
        <translation>Toleranz für Zahlen</translation>
    </message>
    <message>
        <source>Add question</source>
        <translation>Frage hinzufügen</translation>
    </message>
    <message>
        <source>Remove last</source>
        <translation>Letzte entfernen</translation>
    </message>
    <message>
        <source>Clear progress</source>
        <translation>Fortschritt löschen</translation>
    </message>
    <message>
        <source>Ask about</source>
        <translation>Frage zu</translation>
    </message>
    <message>
        <source>Predict</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>At step</source>
        <translation>Bei Schritt</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>Toleranz</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exercise&lt;/b&gt;</source>
        <translation>&lt;b&gt;Übung&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{solved} of {v} right</source>
        <translation>{solved} von {v} richtig</translation>
    </message>
    <message>
        <source>the whole timeline</source>
        <translation>die ganze Zeitleiste</translation>
    </message>
    <message>
        <source>(select a node on the canvas)</source>
        <translation>(einen Knoten auf der Zeichenfläche wählen)</translation>
    </message>
    <message>
        <source>Remove question</source>
        <translation>Frage entfernen</translation>
    </message>
    <message>
        <source>Check prediction</source>
        <translation>Vorhersage prüfen</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>{name} was not computed (its error is shown on its node and in the Inspector), so it has no backward graph.</source>
        <translation>{name} wurde nicht berechnet (der Fehler steht an seinem Knoten und im Inspektor), daher hat er keinen Rückwärtsgraphen.</translation>
    </message>
    <message>
        <source>{name} is a detached copy: it shares its input&apos;s values, but gradients stop at it, so it has no grad_fn and nothing flows back from it.</source>
        <translation>{name} ist eine abgetrennte Kopie: Sie teilt die Werte ihrer Eingabe, aber Gradienten enden an ihr, daher hat sie keine grad_fn und nichts fließt von ihr zurück.</translation>
    </message>
    <message>
        <source>{name} is computed inside torch.no_grad(): PyTorch recorded no graph for it, so it has no grad_fn.</source>
        <translation>{name} wird innerhalb von torch.no_grad() berechnet: PyTorch hat dafür keinen Graphen aufgezeichnet, daher hat er keine grad_fn.</translation>
    </message>
    <message>
        <source>{name} is a leaf that requires grad: it has no grad_fn of its own; backward() stores its gradient in {name}.grad. Select a node computed from it to see a backward graph.</source>
        <translation>{name} ist ein Blatt, das Gradienten benötigt: Es hat keine eigene grad_fn; backward() speichert seinen Gradienten in {name}.grad. Wähle einen daraus berechneten Knoten, um einen Rückwärtsgraphen zu sehen.</translation>
    </message>
    <message>
        <source>{name} is data: it does not require grad, so PyTorch records no graph for it; the model&apos;s parameters are what training tracks.</source>
        <translation>{name} sind Daten: Sie benötigen keine Gradienten, daher zeichnet PyTorch keinen Graphen für sie auf; verfolgt werden beim Training die Parameter des Modells.</translation>
    </message>
    <message>
        <source>{name} does not require grad, so PyTorch records no graph for it. Tick requires_grad in the Inspector to track it.</source>
        <translation>{name} benötigt keine Gradienten, daher zeichnet PyTorch keinen Graphen dafür auf. Hake requires_grad im Inspektor an, um ihn zu verfolgen.</translation>
    </message>
    <message>
        <source>{name} has no grad_fn: {kind} has no gradient, so PyTorch records no graph through it.</source>
        <translation>{name} hat keine grad_fn: {kind} hat keinen Gradienten, daher zeichnet PyTorch keinen Graphen durch ihn auf.</translation>
    </message>
    <message>
        <source>it is a detach()</source>
        <translation>es ist ein detach()</translation>
    </message>
    <message>
        <source>it is inside torch.no_grad()</source>
        <translation>es liegt innerhalb von torch.no_grad()</translation>
    </message>
    <message>
        <source>{kind} has no gradient</source>
        <translation>{kind} hat keinen Gradienten</translation>
    </message>
    <message>
        <source>{name} has no grad_fn: the gradient stops further up, at {stop} ({why}).</source>
        <translation>{name} hat keine grad_fn: Der Gradient endet weiter oben, bei {stop} ({why}).</translation>
    </message>
    <message>
        <source>{name} has no grad_fn: nothing it is computed from requires grad. Tick requires_grad on a source in the Inspector to track it.</source>
        <translation>{name} hat keine grad_fn: Nichts, woraus er berechnet wird, benötigt Gradienten. Hake requires_grad bei einer Quelle im Inspektor an, um ihn zu verfolgen.</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>Two custom Functions are both called {name} but compute differently: give one of them another name.</source>
        <translation>Zwei eigene Functions heißen beide {name}, rechnen aber verschieden: Gib einer von ihnen einen anderen Namen.</translation>
    </message>
</context>
<context>
    <name>ExportPrints</name>
    <message>
        <source>The script prints nothing</source>
        <translation>Das Skript gibt nichts aus</translation>
    </message>
    <message>
        <source>Nothing in this graph is printed, so the exported script would run without showing anything. Print its outputs ({v})?</source>
        <translation>In diesem Graphen wird nichts ausgegeben, also liefe das exportierte Skript, ohne etwas zu zeigen. Seine Ausgaben ausgeben ({v})?</translation>
    </message>
    <message>
        <source>Print the Outputs</source>
        <translation>Ausgaben ausgeben</translation>
    </message>
    <message>
        <source>Export as Is</source>
        <translation>Unverändert exportieren</translation>
    </message>
    <message>
        <source>Print the outputs in the exported script</source>
        <translation>Die Ausgaben im exportierten Skript ausgeben</translation>
    </message>
</context>
<context>
    <name>FileFilters</name>
    <message>
        <source>Data files (*.csv *.tsv *.txt *.npy);;All files (*)</source>
        <translation>Datendateien (*.csv *.tsv *.txt *.npy);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>GradStudio graphs (*.gsg)</source>
        <translation>GradStudio-Graphen (*.gsg)</translation>
    </message>
    <message>
        <source>GradStudio graphs, notebooks and PyTorch scripts (*.gsg *.ipynb *.py)</source>
        <translation>GradStudio-Graphen, Notebooks und PyTorch-Skripte (*.gsg *.ipynb *.py)</translation>
    </message>
    <message>
        <source>Jupyter notebooks (*.ipynb)</source>
        <translation>Jupyter-Notebooks (*.ipynb)</translation>
    </message>
    <message>
        <source>Python scripts (*.py)</source>
        <translation>Python-Skripte (*.py)</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>The view state cannot be saved: {place}: {msg}</source>
        <translation>Der Ansichtszustand lässt sich nicht speichern: {place}: {msg}</translation>
    </message>
    <message>
        <source>could not save because {reason}; the previous file is unchanged and the graph stays open.</source>
        <translation>konnte nicht speichern: {reason}; die vorige Datei ist unverändert und der Graph bleibt geöffnet.</translation>
    </message>
    <message>
        <source>could not save because {reason}; nothing was written and the graph stays open.</source>
        <translation>konnte nicht speichern: {reason}; nichts wurde geschrieben und der Graph bleibt geöffnet.</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>remove some nodes</source>
        <translation>entferne einige Knoten</translation>
    </message>
    <message>
        <source>edges</source>
        <translation>Kanten</translation>
    </message>
    <message>
        <source>remove some edges</source>
        <translation>entferne einige Kanten</translation>
    </message>
    <message>
        <source>no-grad regions</source>
        <translation>No-grad-Bereiche</translation>
    </message>
    <message>
        <source>remove some regions</source>
        <translation>entferne einige Bereiche</translation>
    </message>
    <message>
        <source>timeline actions</source>
        <translation>Zeitleistenaktionen</translation>
    </message>
    <message>
        <source>remove some actions</source>
        <translation>entferne einige Aktionen</translation>
    </message>
    <message>
        <source>the graph has {count:,} {what}, more than the {limit:,} a graph file may hold ({todo} and save again)</source>
        <translation>der Graph hat {count:,} {what}, mehr als die {limit:,}, die eine Graphdatei enthalten darf ({todo} und speichere erneut)</translation>
    </message>
    <message>
        <source>the file would be {size:.1f} MB, more than the {most} MB GradStudio opens (make the large literals or datasets smaller and save again)</source>
        <translation>die Datei wäre {size:.1f} MB groß, mehr als die {most} MB, die GradStudio öffnet (verkleinere die großen Literale oder Datensätze und speichere erneut)</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>der Datenträger ist voll</translation>
    </message>
    <message>
        <source>Free some space and save again.</source>
        <translation>Schaffe etwas Platz und speichere erneut.</translation>
    </message>
    <message>
        <source>your disk quota is used up</source>
        <translation>dein Speicherkontingent ist aufgebraucht</translation>
    </message>
    <message>
        <source>permission was denied</source>
        <translation>die Berechtigung wurde verweigert</translation>
    </message>
    <message>
        <source>Save it in a folder you can write to.</source>
        <translation>Speichere in einem Ordner, in den du schreiben darfst.</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>der Datenträger ist schreibgeschützt</translation>
    </message>
    <message>
        <source>Save it on another disk.</source>
        <translation>Speichere auf einem anderen Datenträger.</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation>der Dateiname ist zu lang</translation>
    </message>
    <message>
        <source>Choose a shorter name.</source>
        <translation>Wähle einen kürzeren Namen.</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>der Ordner existiert nicht</translation>
    </message>
    <message>
        <source>Choose an existing folder.</source>
        <translation>Wähle einen vorhandenen Ordner.</translation>
    </message>
    <message>
        <source>part of the path is not a folder</source>
        <translation>ein Teil des Pfads ist kein Ordner</translation>
    </message>
    <message>
        <source>a folder has that name</source>
        <translation>ein Ordner hat diesen Namen</translation>
    </message>
    <message>
        <source>Choose another name.</source>
        <translation>Wähle einen anderen Namen.</translation>
    </message>
    <message>
        <source>the disk reported an error</source>
        <translation>der Datenträger hat einen Fehler gemeldet</translation>
    </message>
    <message>
        <source>Check the disk and save again.</source>
        <translation>Prüfe den Datenträger und speichere erneut.</translation>
    </message>
    <message>
        <source>Check the folder exists and is writable.</source>
        <translation>Prüfe, ob der Ordner existiert und beschreibbar ist.</translation>
    </message>
    <message>
        <source>the system gave no reason</source>
        <translation>das System nannte keinen Grund</translation>
    </message>
    <message>
        <source>of an error</source>
        <translation>ein Fehler trat auf</translation>
    </message>
    <message>
        <source>Choose another folder.</source>
        <translation>Wähle einen anderen Ordner.</translation>
    </message>
    <message>
        <source>could not save there because {reason}; nothing was written.</source>
        <translation>konnte dort nicht speichern: {reason}; es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>could not save because {reason}; the previous file and its backup are unchanged.</source>
        <translation>konnte nicht speichern: {reason}; die vorige Datei und ihre Sicherung sind unverändert.</translation>
    </message>
    <message>
        <source>could not save because {reason}; the previous file is unchanged.</source>
        <translation>konnte nicht speichern: {reason}; die vorige Datei ist unverändert.</translation>
    </message>
    <message>
        <source>could not open the file ({reason}).</source>
        <translation>konnte die Datei nicht öffnen ({reason}).</translation>
    </message>
</context>
<context>
    <name>Formula</name>
    <message>
        <source>A learning-rate lambda is a text of at most {n} characters, such as {example}.</source>
        <translation>Ein Lernraten-Lambda ist ein Text von höchstens {n} Zeichen, etwa {example}.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a lambda of one epoch such as {example}.</source>
        <translation>&apos;{text}&apos; ist kein Lambda einer Epoche wie {example}.</translation>
    </message>
    <message>
        <source>This learning-rate lambda nests more than {n} operations.</source>
        <translation>Dieses Lernraten-Lambda verschachtelt mehr als {n} Operationen.</translation>
    </message>
    <message>
        <source>A learning-rate lambda can use numbers, not {value}.</source>
        <translation>Ein Lernraten-Lambda kann Zahlen verwenden, nicht {value}.</translation>
    </message>
    <message>
        <source>A learning-rate lambda can use its epoch ({param}) and numbers, not the name &apos;{name}&apos;.</source>
        <translation>Ein Lernraten-Lambda kann seine Epoche ({param}) und Zahlen verwenden, nicht den Namen &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>A learning-rate lambda cannot use &apos;{what}&apos;: only numbers, its epoch, arithmetic, comparisons, min, max, abs, round and math&apos;s functions.</source>
        <translation>Ein Lernraten-Lambda kann &apos;{what}&apos; nicht verwenden: nur Zahlen, seine Epoche, Arithmetik, Vergleiche, min, max, abs, round und die Funktionen von math.</translation>
    </message>
    <message>
        <source>The learning-rate lambda {text} failed at epoch {epoch}: {error}.</source>
        <translation>Das Lernraten-Lambda {text} ist in Epoche {epoch} gescheitert: {error}.</translation>
    </message>
</context>
<context>
    <name>FunctionText</name>
    <message>
        <source>a Function&apos;s name is a Python name such as MyReLU</source>
        <translation>der Name einer Function ist ein Python-Name wie MyReLU</translation>
    </message>
    <message>
        <source>a Function&apos;s {role} is the text of its def, at most {n} characters</source>
        <translation>das {role} einer Function ist der Text ihres def, höchstens {n} Zeichen</translation>
    </message>
    <message>
        <source>its {role} is not Python such as def {role}(ctx, ...): ...</source>
        <translation>ihr {role} ist kein Python wie def {role}(ctx, ...): ...</translation>
    </message>
    <message>
        <source>its {role} must be one def {role}(ctx, ...)</source>
        <translation>ihr {role} muss genau ein def {role}(ctx, ...) sein</translation>
    </message>
    <message>
        <source>its {role} takes ctx and plain inputs: def {role}(ctx, x)</source>
        <translation>ihr {role} nimmt ctx und einfache Eingaben: def {role}(ctx, x)</translation>
    </message>
    <message>
        <source>its {role} takes ctx first: def {role}(ctx, x)</source>
        <translation>ihr {role} nimmt zuerst ctx: def {role}(ctx, x)</translation>
    </message>
    <message>
        <source>its {role} ends with a return of what it computes</source>
        <translation>ihr {role} endet mit einem return dessen, was es berechnet</translation>
    </message>
    <message>
        <source>its backward takes one gradient per output, at most {n}</source>
        <translation>sein backward nimmt einen Gradienten je Ausgabe, höchstens {n}</translation>
    </message>
    <message>
        <source>its forward returns {n} outputs, so its backward takes {n} gradients after ctx, not {got}</source>
        <translation>sein forward gibt {n} Ausgaben zurück, also nimmt sein backward nach ctx {n} Gradienten, nicht {got}</translation>
    </message>
    <message>
        <source>its forward returns one tensor, or at most {n} tensors separated by commas</source>
        <translation>sein forward gibt einen Tensor zurück oder höchstens {n} durch Kommas getrennte Tensoren</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be part of a Function GradStudio draws: use assignments of tensor operations, ctx.save_for_backward and one return</source>
        <translation>&apos;{code}&apos; kann nicht Teil einer Function sein, die GradStudio zeichnet: verwende Zuweisungen von Tensor-Operationen, ctx.save_for_backward und ein return</translation>
    </message>
    <message>
        <source>&apos;{name}&apos; is assigned inside an if of a Function: give it a value before the if (such as {name} = None)</source>
        <translation>&apos;{name}&apos; wird in einem if einer Function zugewiesen: gib ihm vor dem if einen Wert (etwa {name} = None)</translation>
    </message>
    <message>
        <source>a Function&apos;s text sets ctx.&lt;name&gt; only outside an if</source>
        <translation>der Text einer Function setzt ctx.&lt;name&gt; nur außerhalb eines if</translation>
    </message>
    <message>
        <source>the if &apos;{code}&apos; cannot be part of a Function GradStudio draws: an if may test ctx.needs_input_grad[i] and whether a name is None</source>
        <translation>das if &apos;{code}&apos; kann nicht Teil einer Function sein, die GradStudio zeichnet: ein if darf ctx.needs_input_grad[i] prüfen und ob ein Name None ist</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be assigned to in a Function GradStudio draws</source>
        <translation>an &apos;{code}&apos; kann in einer Function, die GradStudio zeichnet, nicht zugewiesen werden</translation>
    </message>
    <message>
        <source>a Function&apos;s text cannot assign to {name}</source>
        <translation>der Text einer Function kann {name} nichts zuweisen</translation>
    </message>
    <message>
        <source>a Function&apos;s text nests at most {n} operations</source>
        <translation>der Text einer Function verschachtelt höchstens {n} Operationen</translation>
    </message>
    <message>
        <source>a Function computes from its inputs and what it assigned, not &apos;{name}&apos;</source>
        <translation>eine Function rechnet mit ihren Eingaben und dem, was sie zugewiesen hat, nicht mit &apos;{name}&apos;</translation>
    </message>
    <message>
        <source>a Function&apos;s text uses numbers only, not {value!r}</source>
        <translation>der Text einer Function verwendet nur Zahlen, nicht {value!r}</translation>
    </message>
    <message>
        <source>a Function&apos;s text reads ctx.saved_tensors and what forward set on ctx, not ctx.{attr}</source>
        <translation>der Text einer Function liest ctx.saved_tensors und was forward auf ctx gesetzt hat, nicht ctx.{attr}</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be part of a Function GradStudio draws: use tensor methods such as clamp, exp and mul, numbers and + - * /</source>
        <translation>&apos;{code}&apos; kann nicht Teil einer Function sein, die GradStudio zeichnet: verwende Tensor-Methoden wie clamp, exp und mul, Zahlen und + - * /</translation>
    </message>
    <message>
        <source>a Function&apos;s text cannot call torch.{attr}</source>
        <translation>der Text einer Function kann torch.{attr} nicht aufrufen</translation>
    </message>
    <message>
        <source>a Function&apos;s text cannot call {attr}: only tensor operations such as clamp, exp and mul</source>
        <translation>der Text einer Function kann {attr} nicht aufrufen: nur Tensor-Operationen wie clamp, exp und mul</translation>
    </message>
    <message>
        <source>a Function&apos;s calls name their arguments one by one</source>
        <translation>die Aufrufe einer Function nennen ihre Argumente einzeln</translation>
    </message>
    <message>
        <source>not enough values to unpack (expected {n}, got {got})</source>
        <translation>nicht genug Werte zum Entpacken (erwartet {n}, erhalten {got})</translation>
    </message>
    <message>
        <source>too many values to unpack (expected {n})</source>
        <translation>zu viele Werte zum Entpacken (erwartet {n})</translation>
    </message>
    <message>
        <source>ctx.{attr} belongs to the node itself: give your value another name</source>
        <translation>ctx.{attr} gehört zum Knoten selbst: Gib deinem Wert einen anderen Namen</translation>
    </message>
    <message>
        <source>&apos;{node}&apos; object has no attribute &apos;{attr}&apos;</source>
        <translation>das Objekt &apos;{node}&apos; hat kein Attribut &apos;{attr}&apos;</translation>
    </message>
    <message>
        <source>ctx.{attr} is not a number or a tensor</source>
        <translation>ctx.{attr} ist weder eine Zahl noch ein Tensor</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; is not a tensor</source>
        <translation>&apos;{code}&apos; ist kein Tensor</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; computes with something that is not a tensor or a number</source>
        <translation>&apos;{code}&apos; rechnet mit etwas, das weder ein Tensor noch eine Zahl ist</translation>
    </message>
    <message>
        <source>&apos;{code}&apos; cannot be indexed</source>
        <translation>&apos;{code}&apos; kann nicht indiziert werden</translation>
    </message>
    <message>
        <source>{role}() takes {n} positional arguments but {got} were given</source>
        <translation>{role}() nimmt {n} Positionsargumente, es wurden aber {got} übergeben</translation>
    </message>
    <message>
        <source>{name}&apos;s backward is your own: from the gradient {grad} of its output it runs</source>
        <translation>Das backward von {name} ist dein eigenes: aus dem Gradienten {grad} seiner Ausgabe führt es aus</translation>
    </message>
    <message>
        <source>{name}&apos;s backward is your own: from the gradients {grads} of its {n} outputs (zeros for an output the loss does not use, or None after ctx.set_materialize_grads(False)) it runs</source>
        <translation>Das backward von {name} ist dein eigenes: aus den Gradienten {grads} seiner {n} Ausgaben (Nullen für eine Ausgabe, die der Verlust nicht nutzt, oder None nach ctx.set_materialize_grads(False)) führt es aus</translation>
    </message>
    <message>
        <source>{value} for {input}</source>
        <translation>{value} für {input}</translation>
    </message>
    <message>
        <source>and returns {said}.</source>
        <translation>und gibt {said} zurück.</translation>
    </message>
    <message>
        <source>It is marked @once_differentiable: it runs without recording, so what it returns cannot be differentiated again (a second backward through it raises an error).</source>
        <translation>Er ist mit @once_differentiable markiert: Er läuft, ohne aufzuzeichnen, daher kann das, was er zurückgibt, nicht noch einmal abgeleitet werden (ein zweiter Backward durch ihn löst einen Fehler aus).</translation>
    </message>
</context>
<context>
    <name>GraphList</name>
    <message>
        <source>Graph nodes</source>
        <translation>Knoten des Graphen</translation>
    </message>
    <message>
        <source>Each node of the graph as its line of code and its state; selecting one selects it on the canvas.</source>
        <translation>Jeder Knoten des Graphen als seine Codezeile und sein Zustand; einen auszuwählen wählt ihn auf der Zeichenfläche aus.</translation>
    </message>
</context>
<context>
    <name>Heatmap</name>
    <message>
        <source>{title} (colour scale ±{top:.3g})</source>
        <translation>{title} (Farbskala ±{top:.3g})</translation>
    </message>
    <message>
        <source>{title} (grey: within the tolerance</source>
        <translation>{title} (grau: innerhalb der Toleranz</translation>
    </message>
    <message>
        <source>; up to {worst:.3g} × it past it)</source>
        <translation>; bis zum {worst:.3g}-Fachen darüber)</translation>
    </message>
    <message>
        <source>{rows} × {cols}: rows {v} … {v2}, columns {v3} … {v4}</source>
        <translation>{rows} × {cols}: Zeilen {v} … {v2}, Spalten {v3} … {v4}</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Build, run and understand PyTorch-style autograd graphs.</source>
        <translation>Autograd-Graphen im Stil von PyTorch bauen, ausführen und verstehen.</translation>
    </message>
    <message>
        <source>Canvas</source>
        <translation>Zeichenfläche</translation>
    </message>
    <message>
        <source>Quick add a node (wired to the selected node)</source>
        <translation>Schnell einen Knoten hinzufügen (mit dem gewählten Knoten verbunden)</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>Select the nearest node that way</source>
        <translation>Den nächsten Knoten in dieser Richtung wählen</translation>
    </message>
    <message>
        <source>Left, Right, Up, Down</source>
        <translation>Links, Rechts, Hoch, Runter</translation>
    </message>
    <message>
        <source>Edit the selected node&apos;s parameters in the inspector</source>
        <translation>Die Parameter des gewählten Knotens im Inspektor bearbeiten</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Delete the selection</source>
        <translation>Die Auswahl löschen</translation>
    </message>
    <message>
        <source>Delete or Backspace</source>
        <translation>Entf oder Rücktaste</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Verschieben der Ansicht</translation>
    </message>
    <message>
        <source>Space+drag or middle drag</source>
        <translation>Leertaste+Ziehen oder Ziehen mit der mittleren Taste</translation>
    </message>
    <message>
        <source>Commands for a node, a region or the background</source>
        <translation>Befehle für einen Knoten, eine Region oder den Hintergrund</translation>
    </message>
    <message>
        <source>right click</source>
        <translation>Rechtsklick</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
    <message>
        <source>Back to the canvas</source>
        <translation>Zurück zur Zeichenfläche</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Exercise</source>
        <translation>Übung</translation>
    </message>
    <message>
        <source>Check the prediction typed</source>
        <translation>Die eingetippte Vorhersage prüfen</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menü</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
</context>
<context>
    <name>Hook</name>
    <message>
        <source>a hook is text such as grad * 10</source>
        <translation>ein Hook ist Text wie grad * 10</translation>
    </message>
    <message>
        <source>a hook is at most {MAX_HOOK_TEXT} characters</source>
        <translation>ein Hook hat höchstens {MAX_HOOK_TEXT} Zeichen</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not an expression such as grad * 10</source>
        <translation>&apos;{text}&apos; ist kein Ausdruck wie grad * 10</translation>
    </message>
    <message>
        <source>a hook&apos;s print takes its values one by one, without sep= or end=</source>
        <translation>das print eines Hooks nimmt seine Werte einzeln, ohne sep= oder end=</translation>
    </message>
    <message>
        <source>a hook&apos;s f-string shows values with a format such as :.4f, nothing more</source>
        <translation>der f-String eines Hooks zeigt Werte mit einem Format wie :.4f, nicht mehr</translation>
    </message>
    <message>
        <source>a hook nests at most {MAX_DEPTH} operations</source>
        <translation>ein Hook schachtelt höchstens {MAX_DEPTH} Operationen</translation>
    </message>
    <message>
        <source>a hook computes from grad and numbers only, not &apos;{id}&apos;</source>
        <translation>ein Hook rechnet nur mit grad und Zahlen, nicht mit &apos;{id}&apos;</translation>
    </message>
    <message>
        <source>a hook uses numbers only, not {value!r}</source>
        <translation>ein Hook verwendet nur Zahlen, nicht {value!r}</translation>
    </message>
    <message>
        <source>a hook cannot call {attr}: only tensor methods such as clamp, abs, sign, mul and norm</source>
        <translation>ein Hook kann {attr} nicht aufrufen: nur Tensormethoden wie clamp, abs, sign, mul und norm</translation>
    </message>
    <message>
        <source>a hook&apos;s calls name their arguments one by one</source>
        <translation>die Aufrufe eines Hooks nennen ihre Argumente einzeln</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; cannot be part of a hook: use grad, numbers, + - * / ** and tensor methods such as clamp</source>
        <translation>&apos;{value}&apos; kann nicht Teil eines Hooks sein: Verwende grad, Zahlen, + - * / ** und Tensormethoden wie clamp</translation>
    </message>
    <message>
        <source>a kept value is an expression of grad such as grad.clone()</source>
        <translation>ein behaltener Wert ist ein Ausdruck von grad wie grad.clone()</translation>
    </message>
    <message>
        <source>the list a hook keeps into has a Python name such as grads</source>
        <translation>die Liste, in die ein Hook behält, hat einen Python-Namen wie grads</translation>
    </message>
</context>
<context>
    <name>ImportData</name>
    <message>
        <source>Import Data — {name}</source>
        <translation>Daten importieren — {name}</translation>
    </message>
    <message>
        <source>First row is a header (column names)</source>
        <translation>Erste Zeile ist eine Kopfzeile (Spaltennamen)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Delimiter:</source>
        <translation>Trennzeichen:</translation>
    </message>
    <message>
        <source>Label (the last column of the node):</source>
        <translation>Label (die letzte Spalte des Knotens):</translation>
    </message>
    <message>
        <source>Features:</source>
        <translation>Merkmale:</translation>
    </message>
    <message>
        <source>Hold out for testing:</source>
        <translation>Für den Test zurückhalten:</translation>
    </message>
    <message>
        <source>The first {n} rows:</source>
        <translation>Die ersten {n} Zeilen:</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>Die Datei wird gelesen…</translation>
    </message>
    <message>
        <source>Import Data</source>
        <translation>Daten importieren</translation>
    </message>
    <message>
        <source>Checking the rows…</source>
        <translation>Die Zeilen werden geprüft…</translation>
    </message>
    <message>
        <source>Imported {rows:,} rows of {name} as {label}.</source>
        <translation>{rows:,} Zeilen von {name} als {label} importiert.</translation>
    </message>
    <message>
        <source>Data imported</source>
        <translation>Daten importiert</translation>
    </message>
</context>
<context>
    <name>IndexText</name>
    <message>
        <source>a &apos;]&apos; has no &apos;[&apos; before it</source>
        <translation>vor einem &apos;]&apos; steht kein &apos;[&apos;</translation>
    </message>
    <message>
        <source>a &apos;[&apos; is not closed</source>
        <translation>ein &apos;[&apos; ist nicht geschlossen</translation>
    </message>
    <message>
        <source>&apos;{part}&apos; is not a list of whole numbers or of True/False</source>
        <translation>&apos;{part}&apos; ist keine Liste ganzer Zahlen oder von True/False</translation>
    </message>
    <message>
        <source>the list &apos;{part}&apos; is nested too deeply</source>
        <translation>die Liste &apos;{part}&apos; ist zu tief verschachtelt</translation>
    </message>
    <message>
        <source>&apos;{part}&apos; mixes whole numbers and True/False</source>
        <translation>&apos;{part}&apos; mischt ganze Zahlen und True/False</translation>
    </message>
    <message>
        <source>&apos;{whole}&apos; is not a whole number, a slice, a list, None, ... or an index port ({value})</source>
        <translation>&apos;{whole}&apos; ist keine ganze Zahl, kein Slice, keine Liste, nicht None, ... und kein Index-Eingang ({value})</translation>
    </message>
    <message>
        <source>an index is text such as 0, 1:3, [0, 2], i or ..., None</source>
        <translation>ein Index ist Text wie 0, 1:3, [0, 2], i oder ..., None</translation>
    </message>
    <message>
        <source>the index is empty; write for example 0 or 1:3</source>
        <translation>der Index ist leer; schreibe zum Beispiel 0 oder 1:3</translation>
    </message>
    <message>
        <source>the index uses {part} twice</source>
        <translation>der Index verwendet {part} zweimal</translation>
    </message>
    <message>
        <source>&apos;{part}&apos; is not a slice; write start:stop:step</source>
        <translation>&apos;{part}&apos; ist kein Slice; schreibe start:stop:step</translation>
    </message>
    <message>
        <source>the index uses {name}, but nothing is connected to port {name}</source>
        <translation>der Index verwendet {name}, aber am Eingang {name} ist nichts verbunden</translation>
    </message>
    <message>
        <source>port {name} is connected but the index does not use it; write {name} where it goes, for example {name} or :, {name}</source>
        <translation>Eingang {name} ist verbunden, aber der Index verwendet ihn nicht; schreibe {name} dorthin, wo er hingehört, zum Beispiel {name} oder :, {name}</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>print it in the exported script</source>
        <translation>im exportierten Skript ausgeben</translation>
    </message>
    <message>
        <source>Adds print(tensor) after the forward pass to the exported PyTorch script, and print(tensor.grad) after each timeline step when PyTorch keeps its .grad. The canvas shows every tensor&apos;s value either way.</source>
        <translation>Fügt dem exportierten PyTorch-Skript print(tensor) nach dem Vorwärtsdurchlauf hinzu und print(tensor.grad) nach jedem Schritt der Zeitleiste, wenn PyTorch sein .grad behält. Die Zeichenfläche zeigt den Wert jedes Tensors ohnehin.</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>list</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>{v} &lt;span style=&apos;font-weight:normal;color:#666&apos;&gt;· {v2}&lt;/span&gt;</source>
        <translation>{v} &lt;span style=&apos;font-weight:normal;color:#666&apos;&gt;· {v2}&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Select a node to inspect it.</source>
        <translation>Wähle einen Knoten, um ihn zu untersuchen.</translation>
    </message>
    <message>
        <source>requires_grad=True makes this leaf track operations for autograd.</source>
        <translation>requires_grad=True lässt dieses Blatt Operationen für Autograd verfolgen.</translation>
    </message>
    <message>
        <source>Only source tensors (ones, tensor, rand …) set requires_grad; a computed tensor requires grad when any of its inputs does. Use detach or requires_grad_ nodes to change it.</source>
        <translation>Nur Quelltensoren (ones, tensor, rand …) setzen requires_grad; ein berechneter Tensor benötigt Gradienten, wenn einer seiner Eingänge sie benötigt. Nutze detach- oder requires_grad_-Knoten, um das zu ändern.</translation>
    </message>
    <message>
        <source>The exercise asks for this: predict it in the Exercise panel.</source>
        <translation>Die Übung fragt danach: Sage es im Bereich Übung vorher.</translation>
    </message>
    <message>
        <source>Hidden until you check your prediction.</source>
        <translation>Verborgen, bis du deine Vorhersage prüfst.</translation>
    </message>
</context>
<context>
    <name>InspectorFields</name>
    <message>
        <source>&apos;{text}&apos; is not a number or a list of numbers.</source>
        <translation>„{text}“ ist keine Zahl und keine Liste von Zahlen.</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>keine Zahl</translation>
    </message>
    <message>
        <source>none, or numbers such as 0.5, 2</source>
        <translation>keine, oder Zahlen wie 0.5, 2</translation>
    </message>
    <message>
        <source>connected to {source}; disconnect to type a value</source>
        <translation>verbunden mit {source}; trenne die Verbindung, um einen Wert einzugeben</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a number: a cell holds one number; type a whole list in the field under the grid.</source>
        <translation>„{text}“ ist keine Zahl: Eine Zelle enthält eine Zahl; tippe eine ganze Liste in das Feld unter dem Raster.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a number.</source>
        <translation>„{text}“ ist keine Zahl.</translation>
    </message>
    <message>
        <source> (&apos;{label}&apos; is &apos;{name}&apos; to Python)</source>
        <translation> („{label}“ ist für Python „{name}“)</translation>
    </message>
    <message>
        <source>Another node is already called &apos;{name}&apos;{same}; choose a different name.</source>
        <translation>Ein anderer Knoten heißt bereits „{name}“{same}; wähle einen anderen Namen.</translation>
    </message>
    <message>
        <source>The tensor&apos;s name, as in the exported PyTorch code: letters, digits and _, not starting with a digit. Leave it empty for no name.</source>
        <translation>Der Name des Tensors wie im exportierten PyTorch-Code: Buchstaben, Ziffern und _, nicht mit einer Ziffer beginnend. Leer lassen für keinen Namen.</translation>
    </message>
    <message>
        <source>no name (shown as {v})</source>
        <translation>kein Name (angezeigt als {v})</translation>
    </message>
    <message>
        <source>GradStudio calls torch.manual_seed(seed) before every run, so rand and randn draw the same numbers each time; leave it empty to draw new numbers on every run.</source>
        <translation>GradStudio ruft vor jedem Lauf torch.manual_seed(seed) auf, sodass rand und randn jedes Mal dieselben Zahlen ziehen; leer lassen, um bei jedem Lauf neue Zahlen zu ziehen.</translation>
    </message>
    <message>
        <source>Graph settings</source>
        <translation>Einstellungen des Graphen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>random seed</source>
        <translation>Zufallsstartwert</translation>
    </message>
    <message>
        <source>This node is in error, so it has no tensor to keep a .grad for.</source>
        <translation>Dieser Knoten ist fehlerhaft, also hat er keinen Tensor, für den er ein .grad behalten könnte.</translation>
    </message>
    <message>
        <source> Untick to take retain_grad() off.</source>
        <translation> Haken entfernen, um retain_grad() wegzunehmen.</translation>
    </message>
    <message>
        <source>{text} (left out)</source>
        <translation>{text} (weggelassen)</translation>
    </message>
    <message>
        <source>Marked with retain_grad(), but this tensor does not require grad: PyTorch refuses retain_grad() on it, so the call is left out of the run and the code. Untick to take the mark off.</source>
        <translation>Mit retain_grad() markiert, aber dieser Tensor benötigt keine Gradienten: PyTorch lehnt retain_grad() auf ihm ab, also fehlt der Aufruf im Lauf und im Code. Haken entfernen, um die Markierung wegzunehmen.</translation>
    </message>
    <message>
        <source>This tensor does not require grad, so it never gets a .grad: PyTorch refuses retain_grad() on it.</source>
        <translation>Dieser Tensor benötigt keine Gradienten, also bekommt er nie ein .grad: PyTorch lehnt retain_grad() auf ihm ab.</translation>
    </message>
    <message>
        <source>{text} (leaf)</source>
        <translation>{text} (Blatt)</translation>
    </message>
    <message>
        <source>A leaf keeps its .grad after backward anyway; retain_grad() does nothing on it.</source>
        <translation>Ein Blatt behält sein .grad nach backward ohnehin; retain_grad() bewirkt auf ihm nichts.</translation>
    </message>
    <message>
        <source> Untick to take the mark off.</source>
        <translation> Haken entfernen, um die Markierung wegzunehmen.</translation>
    </message>
    <message>
        <source>Marked with retain_grad(): this tensor keeps its .grad after backward. Untick to take the mark off.</source>
        <translation>Mit retain_grad() markiert: Dieser Tensor behält sein .grad nach backward. Haken entfernen, um die Markierung wegzunehmen.</translation>
    </message>
    <message>
        <source>Tick to keep this computed tensor&apos;s .grad after backward (the code calls retain_grad() on it); without it PyTorch computes the gradient but does not keep it.</source>
        <translation>Anhaken, um das .grad dieses berechneten Tensors nach backward zu behalten (der Code ruft retain_grad() auf ihm auf); ohne es berechnet PyTorch den Gradienten, behält ihn aber nicht.</translation>
    </message>
</context>
<context>
    <name>InspectorLiteral</name>
    <message>
        <source>Too many numbers to edit as text (the text shows them as torch prints them): change the shape here, or build the tensor from a smaller one.</source>
        <translation>Zu viele Zahlen, um sie als Text zu bearbeiten (der Text zeigt sie, wie torch sie ausgibt): Ändere hier die Form oder baue den Tensor aus einem kleineren.</translation>
    </message>
    <message>
        <source>The tensor&apos;s shape: its sizes separated by commas, such as 3 or 2, 3; leave it empty for a single number (a 0-d tensor). Numbers that still fit are kept.</source>
        <translation>Die Form des Tensors: seine Größen durch Kommas getrennt, etwa 3 oder 2, 3; leer lassen für eine einzelne Zahl (ein 0-d-Tensor). Zahlen, die noch passen, bleiben erhalten.</translation>
    </message>
    <message>
        <source>The values as a Python list, as in torch.tensor(...): [0.1, 1.0, 0.0001], [[1, 2], [3, 4]], or a single number for a 0-d tensor.</source>
        <translation>Die Werte als Python-Liste, wie in torch.tensor(...): [0.1, 1.0, 0.0001], [[1, 2], [3, 4]] oder eine einzelne Zahl für einen 0-d-Tensor.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a shape: type sizes separated by commas, such as 3 or 2, 3, or nothing for a single number.</source>
        <translation>„{text}“ ist keine Form: Tippe Größen durch Kommas getrennt, etwa 3 oder 2, 3, oder nichts für eine einzelne Zahl.</translation>
    </message>
    <message>
        <source>A tensor literal needs values: type a number or a list of numbers, such as [0.1, 1.0, 0.0001].</source>
        <translation>Ein Tensor-Literal braucht Werte: Tippe eine Zahl oder eine Liste von Zahlen, etwa [0.1, 1.0, 0.0001].</translation>
    </message>
    <message>
        <source>Every row of a tensor literal must have the same length, as PyTorch requires.</source>
        <translation>Jede Zeile eines Tensor-Literals muss dieselbe Länge haben, wie PyTorch es verlangt.</translation>
    </message>
    <message>
        <source>one number (0-d)</source>
        <translation>eine Zahl (0-d)</translation>
    </message>
</context>
<context>
    <name>Keyboard</name>
    <message>
        <source>Graph canvas</source>
        <translation>Zeichenfläche des Graphen</translation>
    </message>
    <message>
        <source>{count} nodes. </source>
        <translation>{count} Knoten. </translation>
    </message>
    <message>
        <source>{count} node. </source>
        <translation>{count} Knoten. </translation>
    </message>
    <message>
        <source>Selected: {said}. </source>
        <translation>Ausgewählt: {said}. </translation>
    </message>
    <message>
        <source>Nothing selected. </source>
        <translation>Nichts ausgewählt. </translation>
    </message>
    <message>
        <source>Arrow keys move between nodes, Tab adds one, Ctrl+K connects; the Graph as a List panel reads every node.</source>
        <translation>Pfeiltasten wechseln zwischen Knoten, Tab fügt einen hinzu, Strg+K verbindet; der Bereich Graph als Liste liest jeden Knoten vor.</translation>
    </message>
    <message>
        <source>Connect {v} to an input</source>
        <translation>{v} mit einem Eingang verbinden</translation>
    </message>
    <message>
        <source>Connect {v} to</source>
        <translation>{v} verbinden mit</translation>
    </message>
    <message>
        <source>   (now {v})</source>
        <translation>   (jetzt {v})</translation>
    </message>
    <message>
        <source>No input can take it</source>
        <translation>Kein Eingang kann ihn aufnehmen</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>Sprache des Systems</translation>
    </message>
    <message>
        <source>Used from the next start of GradStudio</source>
        <translation>Gilt ab dem nächsten Start von GradStudio</translation>
    </message>
    <message>
        <source>The language changes when GradStudio starts again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von GradStudio.</translation>
    </message>
</context>
<context>
    <name>LessonMarkdown</name>
    <message>
        <source>[image: {alt}]</source>
        <translation>[Bild: {alt}]</translation>
    </message>
    <message>
        <source>[image]</source>
        <translation>[Bild]</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <source>No lesson for this graph: open a Jupyter notebook (.ipynb) with File ▸ Open to read it here cell by cell beside its graph.</source>
        <translation>Keine Lektion zu diesem Graphen: Öffne ein Jupyter-Notebook (.ipynb) mit Datei ▸ Öffnen, um es hier Zelle für Zelle neben seinem Graphen zu lesen.</translation>
    </message>
    <message>
        <source>The graph has been edited since it was traced; the outputs below are those of the traced notebook.</source>
        <translation>Der Graph wurde seit dem Verfolgen bearbeitet; die Ausgaben unten sind die des verfolgten Notebooks.</translation>
    </message>
    <message>
        <source>differs from the notebook</source>
        <translation>weicht vom Notebook ab</translation>
    </message>
    <message>
        <source>This notebook never calls torch.manual_seed, so its own random numbers differ from run to run; GradStudio draws them with seed {seed} so the graph&apos;s numbers are reproducible. The stored outputs below come from the notebook&apos;s last run and may differ.</source>
        <translation>Dieses Notebook ruft nie torch.manual_seed auf, also ändern sich seine Zufallszahlen von Lauf zu Lauf; GradStudio zieht sie mit dem Startwert {seed}, damit die Zahlen des Graphen reproduzierbar sind. Die gespeicherten Ausgaben unten stammen aus dem letzten Lauf des Notebooks und können abweichen.</translation>
    </message>
    <message>
        <source>
… {more:,} more lines not shown</source>
        <translation>
… {more:,} weitere Zeilen nicht gezeigt</translation>
    </message>
    <message>
        <source>
… {more:,} more line not shown</source>
        <translation>
… {more:,} weitere Zeile nicht gezeigt</translation>
    </message>
    <message>
        <source>Click to select this cell&apos;s nodes and see the program at this cell&apos;s moment on the timeline</source>
        <translation>Klicken, um die Knoten dieser Zelle zu wählen und das Programm zum Zeitpunkt dieser Zelle auf der Zeitleiste zu sehen</translation>
    </message>
    <message>
        <source>Cell {v} · In [{v2}]:</source>
        <translation>Zelle {v} · In [{v2}]:</translation>
    </message>
    <message>
        <source>The notebook&apos;s stored output:</source>
        <translation>Die gespeicherte Ausgabe des Notebooks:</translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(keine Ausgabe)</translation>
    </message>
    <message>
        <source>GradStudio&apos;s run:</source>
        <translation>Lauf von GradStudio:</translation>
    </message>
    <message>
        <source>Output · GradStudio&apos;s run, the same as the notebook&apos;s:</source>
        <translation>Ausgabe · Lauf von GradStudio, gleich der des Notebooks:</translation>
    </message>
    <message>
        <source>Output · GradStudio&apos;s run (the notebook stored none):</source>
        <translation>Ausgabe · Lauf von GradStudio (das Notebook hat keine gespeichert):</translation>
    </message>
    <message>
        <source>Error in GradStudio&apos;s run:</source>
        <translation>Fehler im Lauf von GradStudio:</translation>
    </message>
    <message>
        <source>Not run: {note}</source>
        <translation>Nicht ausgeführt: {note}</translation>
    </message>
    <message>
        <source>Previous cell</source>
        <translation>Vorige Zelle</translation>
    </message>
    <message>
        <source>The previous code cell ({PREVIOUS_CELL_KEY})</source>
        <translation>Die vorige Codezelle ({PREVIOUS_CELL_KEY})</translation>
    </message>
    <message>
        <source>Next cell</source>
        <translation>Nächste Zelle</translation>
    </message>
    <message>
        <source>The next code cell: its nodes selected, the timeline at its moment ({NEXT_CELL_KEY})</source>
        <translation>Die nächste Codezelle: ihre Knoten ausgewählt, die Zeitleiste zu ihrem Zeitpunkt ({NEXT_CELL_KEY})</translation>
    </message>
    <message>
        <source>This notebook has no cells.</source>
        <translation>Dieses Notebook hat keine Zellen.</translation>
    </message>
    <message>
        <source>{n} code cells</source>
        <translation>{n} Codezellen</translation>
    </message>
    <message>
        <source>{n} code cell</source>
        <translation>{n} Codezelle</translation>
    </message>
    <message>
        <source>cell {v} of {v2}</source>
        <translation>Zelle {v} von {v2}</translation>
    </message>
</context>
<context>
    <name>Live</name>
    <message>
        <source>Playing live: {done} of {count} iterations so far.</source>
        <translation>Live-Wiedergabe: bisher {done} von {count} Iterationen.</translation>
    </message>
    <message>
        <source>The update&apos;s learning rate cannot change in the middle of the loop: the document keeps the last one, lr = {lr}, for every iteration.</source>
        <translation>Die Lernrate der Aktualisierung kann sich nicht mitten in der Schleife ändern: Das Dokument behält die letzte, lr = {lr}, für jede Iteration.</translation>
    </message>
</context>
<context>
    <name>LiveBar</name>
    <message>
        <source>No loop to play: Add ▸ Train… in the timeline inserts one.</source>
        <translation>Keine Schleife zum Abspielen: Hinzufügen ▸ Trainieren… in der Zeitleiste fügt eine ein.</translation>
    </message>
    <message>
        <source>The live run was discarded: the document was edited.</source>
        <translation>Der Live-Lauf wurde verworfen: Das Dokument wurde bearbeitet.</translation>
    </message>
    <message>
        <source>Kept: the document&apos;s loop is the run played.</source>
        <translation>Übernommen: Die Schleife des Dokuments ist der abgespielte Lauf.</translation>
    </message>
    <message>
        <source>Train live: run the loop iteration by iteration and watch every view follow (again to pause).</source>
        <translation>Live trainieren: die Schleife Iteration für Iteration ausführen und jeder Ansicht beim Folgen zusehen (erneut zum Pausieren).</translation>
    </message>
    <message>
        <source>One more iteration of the live run.</source>
        <translation>Eine Iteration mehr im Live-Lauf.</translation>
    </message>
    <message>
        <source>The learning rate: changed while the loop plays, it takes effect from the next iteration and is marked on the curves.</source>
        <translation>Die Lernrate: Während die Schleife läuft geändert, gilt sie ab der nächsten Iteration und wird auf den Kurven markiert.</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Übernehmen</translation>
    </message>
    <message>
        <source>Make the live run the document&apos;s loop (its learning-rate changes and the iterations played); undo takes it back.</source>
        <translation>Den Live-Lauf zur Schleife des Dokuments machen (seine Lernratenänderungen und die abgespielten Iterationen); Rückgängig nimmt es zurück.</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Drop the live run and go back to the document&apos;s own run.</source>
        <translation>Den Live-Lauf verwerfen und zum eigenen Lauf des Dokuments zurückkehren.</translation>
    </message>
    <message>
        <source>The live run: the iterations it ran of the loop&apos;s count. Paused or ended, scrub to inspect any iteration; Keep makes it the document&apos;s loop, Discard drops it.</source>
        <translation>Der Live-Lauf: die Iterationen, die er von der Anzahl der Schleife ausgeführt hat. Pausiert oder beendet, mit dem Regler jede Iteration ansehen; Übernehmen macht ihn zur Schleife des Dokuments, Verwerfen verwirft ihn.</translation>
    </message>
    <message>
        <source>{tip} Key: {key}</source>
        <translation>{tip} Taste: {key}</translation>
    </message>
    <message>
        <source>playing: {where}</source>
        <translation>läuft: {where}</translation>
    </message>
    <message>
        <source>paused at {where}</source>
        <translation>pausiert bei {where}</translation>
    </message>
    <message>
        <source>ended at {where}</source>
        <translation>beendet bei {where}</translation>
    </message>
</context>
<context>
    <name>Loading</name>
    <message>
        <source>Reading “{name}”: {done:,} of {total:,} nodes and edges checked…</source>
        <translation>„{name}“ wird gelesen: {done:,} von {total:,} Knoten und Kanten geprüft…</translation>
    </message>
    <message>
        <source>Running “{name}”…</source>
        <translation>„{name}“ läuft…</translation>
    </message>
    <message>
        <source>Open Graph</source>
        <translation>Graph öffnen</translation>
    </message>
    <message>
        <source>Reading “{name}”…</source>
        <translation>„{name}“ wird gelesen…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Palette</source>
        <translation>Palette</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
    <message>
        <source>Autograd Graph</source>
        <translation>Autograd-Graph</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>PyTorch Code</source>
        <translation>PyTorch-Code</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Step Through Backward</source>
        <translation>Backward schrittweise</translation>
    </message>
    <message>
        <source>Jacobian and Gradient Check</source>
        <translation>Jacobi-Matrix und Gradientenprüfung</translation>
    </message>
    <message>
        <source>{what} failed</source>
        <translation>{what} ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>{what} failed: {detail}</source>
        <translation>{what} ist fehlgeschlagen: {detail}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungesicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to “{name}” before closing it?</source>
        <translation>Die Änderungen an „{name}“ vor dem Schließen speichern?</translation>
    </message>
    <message>
        <source>{n} nodes</source>
        <translation>{n} Knoten</translation>
    </message>
    <message>
        <source>{n} node</source>
        <translation>{n} Knoten</translation>
    </message>
    <message>
        <source>{a} actions</source>
        <translation>{a} Aktionen</translation>
    </message>
    <message>
        <source>{a} action</source>
        <translation>{a} Aktion</translation>
    </message>
    <message>
        <source>{errors} errors</source>
        <translation>{errors} Fehler</translation>
    </message>
    <message>
        <source>{errors} error</source>
        <translation>{errors} Fehler</translation>
    </message>
    <message>
        <source>runs cleanly</source>
        <translation>läuft fehlerfrei</translation>
    </message>
    <message>
        <source>No backward pass to step through: add a backward() action first (Ctrl+B).</source>
        <translation>Kein Rückwärtsdurchlauf zum Durchgehen: Füge zuerst eine backward()-Aktion hinzu (Strg+B).</translation>
    </message>
    <message>
        <source>Export Step-Through Frames</source>
        <translation>Bilder des Schritt-für-Schritt exportieren</translation>
    </message>
    <message>
        <source>Saved {v} frames in {folder}</source>
        <translation>{v} Bilder in {folder} gespeichert</translation>
    </message>
    <message>
        <source>A window shows one graph, so {names} was not opened; use File ▸ Open for it.</source>
        <translation>Ein Fenster zeigt einen Graphen, also wurde {names} nicht geöffnet; nutze Datei ▸ Öffnen dafür.</translation>
    </message>
    <message>
        <source>A window shows one graph, so {names} were not opened; use File ▸ Open for them.</source>
        <translation>Ein Fenster zeigt einen Graphen, also wurden {names} nicht geöffnet; nutze Datei ▸ Öffnen dafür.</translation>
    </message>
</context>
<context>
    <name>Model</name>
    <message>
        <source>There is no node &apos;{node_id}&apos;.</source>
        <translation>Es gibt keinen Knoten &apos;{node_id}&apos;.</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a kind of node GradStudio knows.</source>
        <translation>&apos;{kind}&apos; ist keine Knotenart, die GradStudio kennt.</translation>
    </message>
    <message>
        <source>A node with id &apos;{node_id}&apos; already exists.</source>
        <translation>Ein Knoten mit der ID &apos;{node_id}&apos; existiert bereits.</translation>
    </message>
    <message>
        <source>A recorded value&apos;s line must be a line number.</source>
        <translation>Die Zeile eines aufgezeichneten Werts muss eine Zeilennummer sein.</translation>
    </message>
    <message>
        <source>Disconnect input &apos;{port}&apos; before lowering the number of inputs.</source>
        <translation>Trenne den Eingang &apos;{port}&apos;, bevor du die Anzahl der Eingänge verringerst.</translation>
    </message>
    <message>
        <source>&apos;{value}&apos; has no input named &apos;{port}&apos;.</source>
        <translation>&apos;{value}&apos; hat keinen Eingang namens &apos;{port}&apos;.</translation>
    </message>
    <message>
        <source>Connecting &apos;{value}&apos; to &apos;{value2}&apos; would make a cycle: a tensor cannot depend on itself.</source>
        <translation>&apos;{value}&apos; mit &apos;{value2}&apos; zu verbinden ergäbe einen Zyklus: Ein Tensor kann nicht von sich selbst abhängen.</translation>
    </message>
    <message>
        <source>A region with id &apos;{region_id}&apos; already exists.</source>
        <translation>Eine Region mit der ID &apos;{region_id}&apos; existiert bereits.</translation>
    </message>
    <message>
        <source>There is no region &apos;{region_id}&apos;.</source>
        <translation>Es gibt keine Region &apos;{region_id}&apos;.</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a timeline action. Use one of: {value}.</source>
        <translation>&apos;{kind}&apos; ist keine Aktion der Zeitleiste. Verwende eine von: {value}.</translation>
    </message>
    <message>
        <source>An action with id &apos;{id}&apos; already exists.</source>
        <translation>Eine Aktion mit der ID &apos;{id}&apos; existiert bereits.</translation>
    </message>
    <message>
        <source>There is no timeline action &apos;{action_id}&apos;.</source>
        <translation>Es gibt keine Aktion &apos;{action_id}&apos; in der Zeitleiste.</translation>
    </message>
    <message>
        <source>A position is a pair of numbers (x, y).</source>
        <translation>Eine Position ist ein Zahlenpaar (x, y).</translation>
    </message>
    <message>
        <source>A position must be a finite pair of numbers within ±1e9.</source>
        <translation>Eine Position muss ein endliches Zahlenpaar innerhalb von ±1e9 sein.</translation>
    </message>
    <message>
        <source>&apos;{label}&apos; cannot be a name: use letters, digits and _, not starting with a digit (at most 64 characters).</source>
        <translation>&apos;{label}&apos; kann kein Name sein: Verwende Buchstaben, Ziffern und _, nicht mit einer Ziffer am Anfang (höchstens 64 Zeichen).</translation>
    </message>
    <message>
        <source>{said} is reserved in Python; choose another name.</source>
        <translation>{said} ist in Python reserviert; wähle einen anderen Namen.</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 2**63 - 1, or none.</source>
        <translation>Der Startwert muss eine ganze Zahl von 0 bis 2**63 - 1 sein, oder keiner.</translation>
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
        <translation>Knoten finden: Name, Art oder grad_fn…</translation>
    </message>
    <message>
        <source>No node matches “{v}”.</source>
        <translation>Kein Knoten passt zu „{v}“.</translation>
    </message>
    <message>
        <source>The graph has no nodes yet.</source>
        <translation>Der Graph hat noch keine Knoten.</translation>
    </message>
</context>
<context>
    <name>Notebook</name>
    <message>
        <source>{name} has {count:,} cells; GradStudio reads notebooks of up to {MAX_CELLS:,}.</source>
        <translation>{name} hat {count:,} Zellen; GradStudio liest Notebooks mit bis zu {MAX_CELLS:,}.</translation>
    </message>
    <message>
        <source>{name} is larger than {MAX_NOTEBOOK_BYTES} MB, the most GradStudio reads as a notebook.</source>
        <translation>{name} ist größer als {MAX_NOTEBOOK_BYTES} MB, das Höchste, was GradStudio als Notebook liest.</translation>
    </message>
    <message>
        <source>{name} is not UTF-8 text, so it is not a Jupyter notebook.</source>
        <translation>{name} ist kein UTF-8-Text, also kein Jupyter-Notebook.</translation>
    </message>
    <message>
        <source>{name} is nested more than {MAX_DEPTH} levels deep; it is not a Jupyter notebook.</source>
        <translation>{name} ist mehr als {MAX_DEPTH} Ebenen tief verschachtelt; es ist kein Jupyter-Notebook.</translation>
    </message>
    <message>
        <source>{name} is not valid JSON{where}, so it is not a Jupyter notebook.</source>
        <translation>{name} ist kein gültiges JSON{where}, also kein Jupyter-Notebook.</translation>
    </message>
    <message>
        <source>{name} is JSON but not a Jupyter notebook (it has no cells).</source>
        <translation>{name} ist JSON, aber kein Jupyter-Notebook (es hat keine Zellen).</translation>
    </message>
    <message>
        <source>{name} is a notebook in format {version!r}; GradStudio reads format 4 (Jupyter&apos;s since 2015). Open it in Jupyter and save it again to convert it.</source>
        <translation>{name} ist ein Notebook im Format {version!r}; GradStudio liest Format 4 (das von Jupyter seit 2015). Öffne es in Jupyter und speichere es erneut, um es umzuwandeln.</translation>
    </message>
    <message>
        <source>{name} is not a valid format 4 notebook: {detail}.</source>
        <translation>{name} ist kein gültiges Notebook im Format 4: {detail}.</translation>
    </message>
    <message>
        <source>cell {k} of {name} holds {count:,} characters; GradStudio reads cells of up to {MAX_CELL_CHARS:,}.</source>
        <translation>Zelle {k} von {name} enthält {count:,} Zeichen; GradStudio liest Zellen mit bis zu {MAX_CELL_CHARS:,}.</translation>
    </message>
    <message>
        <source>{name} holds more than {MAX_TEXT_CHARS} MB of cell text; GradStudio reads notebooks of up to that.</source>
        <translation>{name} enthält mehr als {MAX_TEXT_CHARS} MB Zelltext; GradStudio liest Notebooks bis zu dieser Größe.</translation>
    </message>
    <message>
        <source>{name} has more than {MAX_CODE_CHARS} MB of code; trace a shorter notebook.</source>
        <translation>{name} hat mehr als {MAX_CODE_CHARS} MB Code; verfolge ein kürzeres Notebook.</translation>
    </message>
</context>
<context>
    <name>NotebookTrace</name>
    <message>
        <source>{place} fails in GradStudio but would run under PyTorch ({text}): the graph and its export leave out what that cell computes.</source>
        <translation>{place} scheitert in GradStudio, würde aber unter PyTorch laufen ({text}): Der Graph und sein Export lassen aus, was diese Zelle berechnet.</translation>
    </message>
    <message>
        <source>{count} more cells fail the same way.</source>
        <translation>{count} weitere Zellen scheitern ebenso.</translation>
    </message>
    <message>
        <source>{name} is assigned in cell {cell}, line {line} by IPython syntax, which GradStudio does not run</source>
        <translation>{name} wird in Zelle {cell}, Zeile {line} durch IPython-Syntax zugewiesen, die GradStudio nicht ausführt</translation>
    </message>
</context>
<context>
    <name>Notes</name>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Markdown text of the note (**bold**, *italic*, `code`, lists, # headings):</source>
        <translation>Markdown-Text der Notiz (**fett**, *kursiv*, `Code`, Listen, # Überschriften):</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Notiz hinzufügen</translation>
    </message>
    <message>
        <source>A note: drag to move, drag the corner to resize, double-click to edit; ◉/○ in its header pins it to the selected node or frees it; × deletes it.</source>
        <translation>Eine Notiz: Ziehen verschiebt, Ziehen an der Ecke ändert die Größe, Doppelklick bearbeitet; ◉/○ in ihrem Kopf heftet sie an den gewählten Knoten oder löst sie; × löscht sie.</translation>
    </message>
    <message>
        <source>Move note</source>
        <translation>Notiz verschieben</translation>
    </message>
    <message>
        <source>Resize note</source>
        <translation>Notizgröße ändern</translation>
    </message>
    <message>
        <source>Delete note</source>
        <translation>Notiz löschen</translation>
    </message>
    <message>
        <source>Edit note</source>
        <translation>Notiz bearbeiten</translation>
    </message>
    <message>
        <source>Unpin note</source>
        <translation>Notiz lösen</translation>
    </message>
    <message>
        <source>Pin note</source>
        <translation>Notiz anheften</translation>
    </message>
</context>
<context>
    <name>OpSettings</name>
    <message>
        <source>a new order every epoch</source>
        <translation>jede Epoche eine neue Reihenfolge</translation>
    </message>
    <message>
        <source>a target class that is skipped</source>
        <translation>eine Zielklasse, die übersprungen wird</translation>
    </message>
    <message>
        <source>above beta * x &gt; threshold, x itself</source>
        <translation>oberhalb von beta * x &gt; threshold x selbst</translation>
    </message>
    <message>
        <source>added to the variance before its square root</source>
        <translation>vor der Quadratwurzel zur Varianz addiert</translation>
    </message>
    <message>
        <source>at or below it, x becomes value</source>
        <translation>an oder unter ihm wird x zu value</translation>
    </message>
    <message>
        <source>columns, when not n</source>
        <translation>Spalten, wenn nicht n</translation>
    </message>
    <message>
        <source>count the padding&apos;s zeros in each window&apos;s mean</source>
        <translation>die Nullen des Randes im Mittelwert jedes Fensters mitzählen</translation>
    </message>
    <message>
        <source>def backward(ctx, grad_output): the gradient of each input</source>
        <translation>def backward(ctx, grad_output): der Gradient jeder Eingabe</translation>
    </message>
    <message>
        <source>def forward(ctx, ...): the output from the inputs</source>
        <translation>def forward(ctx, ...): die Ausgabe aus den Eingaben</translation>
    </message>
    <message>
        <source>digits after the point (negative: before)</source>
        <translation>Stellen nach dem Komma (negativ: davor)</translation>
    </message>
    <message>
        <source>dimension to add up along</source>
        <translation>Dimension, entlang der summiert wird</translation>
    </message>
    <message>
        <source>dimension(s) to reduce; None for all</source>
        <translation>zu reduzierende Dimension(en); None für alle</translation>
    </message>
    <message>
        <source>dimension(s), or None for all</source>
        <translation>Dimension(en) oder None für alle</translation>
    </message>
    <message>
        <source>dimension, or None for all</source>
        <translation>Dimension oder None für alle</translation>
    </message>
    <message>
        <source>divide each window&apos;s sum by this number instead of its size</source>
        <translation>die Summe jedes Fensters durch diese Zahl statt durch seine Größe teilen</translation>
    </message>
    <message>
        <source>element type (default float32)</source>
        <translation>Elementtyp (standardmäßig float32)</translation>
    </message>
    <message>
        <source>element type (default int64)</source>
        <translation>Elementtyp (standardmäßig int64)</translation>
    </message>
    <message>
        <source>g.manual_seed(n) just before this draw (a new generator: torch.Generator().manual_seed(n); without a number, generator 1&apos;s); empty: none</source>
        <translation>g.manual_seed(n) direkt vor dieser Ziehung (ein neuer Generator: torch.Generator().manual_seed(n); ohne Nummer der von Generator 1); leer: keiner</translation>
    </message>
    <message>
        <source>how far a training step moves the running averages toward the batch&apos;s statistics</source>
        <translation>wie weit ein Trainingsschritt die laufenden Mittelwerte zu den Statistiken des Batches bewegt</translation>
    </message>
    <message>
        <source>how far to move along each dimension</source>
        <translation>wie weit entlang jeder Dimension verschoben wird</translation>
    </message>
    <message>
        <source>how far towards end</source>
        <translation>wie weit in Richtung end</translation>
    </message>
    <message>
        <source>how many</source>
        <translation>wie viele</translation>
    </message>
    <message>
        <source>how many blobs (classes)</source>
        <translation>wie viele Punktwolken (Klassen)</translation>
    </message>
    <message>
        <source>how many copies along each dimension</source>
        <translation>wie viele Kopien entlang jeder Dimension</translation>
    </message>
    <message>
        <source>how many groups the channels are cut into</source>
        <translation>in wie viele Gruppen die Kanäle geteilt werden</translation>
    </message>
    <message>
        <source>how many numbers</source>
        <translation>wie viele Zahlen</translation>
    </message>
    <message>
        <source>how many points (rows)</source>
        <translation>wie viele Punkte (Zeilen)</translation>
    </message>
    <message>
        <source>how many rows the dataset has</source>
        <translation>wie viele Zeilen der Datensatz hat</translation>
    </message>
    <message>
        <source>how much of the target is spread evenly over the classes (0: none)</source>
        <translation>wie viel vom Ziel gleichmäßig auf die Klassen verteilt wird (0: nichts)</translation>
    </message>
    <message>
        <source>how the elements meeting at one position are combined</source>
        <translation>wie die Elemente kombiniert werden, die an einer Position zusammentreffen</translation>
    </message>
    <message>
        <source>how the quotient is rounded</source>
        <translation>wie der Quotient gerundet wird</translation>
    </message>
    <message>
        <source>how the value is kept: loss.item(), float(loss) or loss.detach()</source>
        <translation>wie der Wert behalten wird: loss.item(), float(loss) oder loss.detach()</translation>
    </message>
    <message>
        <source>in order</source>
        <translation>in Reihenfolge</translation>
    </message>
    <message>
        <source>its backward is marked @once_differentiable: it runs without recording, and differentiating what it returned again raises an error</source>
        <translation>sein backward ist mit @once_differentiable markiert: Er läuft, ohne aufzuzeichnen, und das, was er zurückgab, noch einmal abzuleiten, löst einen Fehler aus</translation>
    </message>
    <message>
        <source>keep .grad once the gradient is added to it (register_post_accumulate_grad_hook)</source>
        <translation>.grad behalten, sobald der Gradient hinzugefügt wurde (register_post_accumulate_grad_hook)</translation>
    </message>
    <message>
        <source>keep equal elements in their order (None: not given, PyTorch&apos;s other overload)</source>
        <translation>gleiche Elemente in ihrer Reihenfolge lassen (None: nicht angegeben, die andere Überladung von PyTorch)</translation>
    </message>
    <message>
        <source>keep reduced dimensions with size 1</source>
        <translation>reduzierte Dimensionen mit Größe 1 behalten</translation>
    </message>
    <message>
        <source>keep the reduced dimensions with size 1</source>
        <translation>die reduzierten Dimensionen mit Größe 1 behalten</translation>
    </message>
    <message>
        <source>keep y&apos;s graph for later backward passes (with create_graph it is kept anyway)</source>
        <translation>den Graphen von y für spätere Rückwärtsdurchläufe behalten (mit create_graph bleibt er ohnehin)</translation>
    </message>
    <message>
        <source>largest first</source>
        <translation>größte zuerst</translation>
    </message>
    <message>
        <source>leave out a last batch smaller than batch_size</source>
        <translation>einen letzten Batch kleiner als batch_size auslassen</translation>
    </message>
    <message>
        <source>mean: the average of the squared differences; sum: their total; none: one per element</source>
        <translation>mean: der Mittelwert der quadrierten Differenzen; sum: ihre Summe; none: einer pro Element</translation>
    </message>
    <message>
        <source>mean: the average over the elements; sum: their total; none: one loss per element</source>
        <translation>mean: der Mittelwert über die Elemente; sum: ihre Summe; none: ein Verlust pro Element</translation>
    </message>
    <message>
        <source>mean: the average over the targets that count; sum: their total; none: one loss per target</source>
        <translation>mean: der Mittelwert über die zählenden Ziele; sum: ihre Summe; none: ein Verlust pro Ziel</translation>
    </message>
    <message>
        <source>multiplier of other</source>
        <translation>Faktor von other</translation>
    </message>
    <message>
        <source>multiplier of the product (quotient)</source>
        <translation>Faktor des Produkts (Quotienten)</translation>
    </message>
    <message>
        <source>none: x * Phi(x) exactly; tanh: PyTorch&apos;s tanh approximation</source>
        <translation>none: genau x * Phi(x); tanh: die tanh-Näherung von PyTorch</translation>
    </message>
    <message>
        <source>normalize with the batch&apos;s own mean and variance (and move the running averages toward them), else with running_mean and running_var</source>
        <translation>mit Mittelwert und Varianz des Batches normalisieren (und die laufenden Mittelwerte zu ihnen hin bewegen), sonst mit running_mean und running_var</translation>
    </message>
    <message>
        <source>number of inputs</source>
        <translation>Anzahl der Eingaben</translation>
    </message>
    <message>
        <source>numbers passed to apply after the tensors (its backward returns None for each)</source>
        <translation>Zahlen, die apply nach den Tensoren übergeben werden (ihr backward gibt für jede None zurück)</translation>
    </message>
    <message>
        <source>one more than the largest number drawn</source>
        <translation>eins mehr als die größte gezogene Zahl</translation>
    </message>
    <message>
        <source>order of the norm</source>
        <translation>Ordnung der Norm</translation>
    </message>
    <message>
        <source>record the gradient&apos;s own graph, to differentiate it again</source>
        <translation>den eigenen Graphen des Gradienten aufzeichnen, um ihn erneut abzuleiten</translation>
    </message>
    <message>
        <source>round the output&apos;s size up instead of down</source>
        <translation>die Größe der Ausgabe auf- statt abrunden</translation>
    </message>
    <message>
        <source>rows and columns</source>
        <translation>Zeilen und Spalten</translation>
    </message>
    <message>
        <source>rows per batch</source>
        <translation>Zeilen pro Batch</translation>
    </message>
    <message>
        <source>self&apos;s own value takes part</source>
        <translation>der eigene Wert von self wird einbezogen</translation>
    </message>
    <message>
        <source>size of each dimension</source>
        <translation>Größe jeder Dimension</translation>
    </message>
    <message>
        <source>subtracted from the count: 1 (Bessel&apos;s) for a sample, 0 for the whole population</source>
        <translation>von der Anzahl abgezogen: 1 (Bessel) für eine Stichprobe, 0 für die ganze Grundgesamtheit</translation>
    </message>
    <message>
        <source>the Function&apos;s class name; its grad_fn is &lt;NameBackward&gt;</source>
        <translation>der Klassenname der Function; ihr grad_fn ist &lt;NameBackward&gt;</translation>
    </message>
    <message>
        <source>the channels split into this many groups, each convolved on its own</source>
        <translation>die Kanäle in so viele Gruppen geteilt, jede für sich gefaltet</translation>
    </message>
    <message>
        <source>the dimension of length 3</source>
        <translation>die Dimension der Länge 3</translation>
    </message>
    <message>
        <source>the dimension the index runs along</source>
        <translation>die Dimension, entlang der der Index läuft</translation>
    </message>
    <message>
        <source>the dimension to select along</source>
        <translation>die Dimension, entlang der ausgewählt wird</translation>
    </message>
    <message>
        <source>the dimension to sort along</source>
        <translation>die Dimension, entlang der sortiert wird</translation>
    </message>
    <message>
        <source>the dimensions (none: the flattened tensor)</source>
        <translation>die Dimensionen (keine: der abgeflachte Tensor)</translation>
    </message>
    <message>
        <source>the dimensions to act on</source>
        <translation>die Dimensionen, auf die gewirkt wird</translation>
    </message>
    <message>
        <source>the dimensions to reduce (all by default)</source>
        <translation>die zu reduzierenden Dimensionen (standardmäßig alle)</translation>
    </message>
    <message>
        <source>the divisor</source>
        <translation>der Divisor</translation>
    </message>
    <message>
        <source>the factor of batch1 @ batch2</source>
        <translation>der Faktor von batch1 @ batch2</translation>
    </message>
    <message>
        <source>the factor of mat1 @ mat2</source>
        <translation>der Faktor von mat1 @ mat2</translation>
    </message>
    <message>
        <source>the factor of self</source>
        <translation>der Faktor von self</translation>
    </message>
    <message>
        <source>the factor source is multiplied by</source>
        <translation>der Faktor, mit dem source multipliziert wird</translation>
    </message>
    <message>
        <source>the half-width of the band set to zero</source>
        <translation>die halbe Breite des auf null gesetzten Bands</translation>
    </message>
    <message>
        <source>the largest (else the smallest)</source>
        <translation>die größten (sonst die kleinsten)</translation>
    </message>
    <message>
        <source>the largest slope left of zero</source>
        <translation>die größte Steigung links von null</translation>
    </message>
    <message>
        <source>the line&apos;s slope</source>
        <translation>die Steigung der Geraden</translation>
    </message>
    <message>
        <source>the line&apos;s value at x = 0</source>
        <translation>der Wert der Geraden bei x = 0</translation>
    </message>
    <message>
        <source>the list a collect node appends to</source>
        <translation>die Liste, an die ein collect-Knoten anhängt</translation>
    </message>
    <message>
        <source>the list it appends to, made before the program (losses = [])</source>
        <translation>die Liste, an die er anhängt, vor dem Programm angelegt (losses = [])</translation>
    </message>
    <message>
        <source>the list it keeps into, made before the program</source>
        <translation>die Liste, in die er behält, vor dem Programm angelegt</translation>
    </message>
    <message>
        <source>the list the hook keeps into</source>
        <translation>die Liste, in die der Hook behält</translation>
    </message>
    <message>
        <source>the lower limit</source>
        <translation>die untere Grenze</translation>
    </message>
    <message>
        <source>the name of its handle, for a remove step (h.remove()); none when it stays</source>
        <translation>der Name seines Handles, für einen Entfernen-Schritt (h.remove()); keiner, wenn er bleibt</translation>
    </message>
    <message>
        <source>the number on the left</source>
        <translation>die Zahl links</translation>
    </message>
    <message>
        <source>the number written when &apos;value&apos; is not connected</source>
        <translation>die geschriebene Zahl, wenn &apos;value&apos; nicht verbunden ist</translation>
    </message>
    <message>
        <source>the numbers, as nested lists</source>
        <translation>die Zahlen, als verschachtelte Listen</translation>
    </message>
    <message>
        <source>the padding added on both sides (at most half a window)</source>
        <translation>der Rand, der auf beiden Seiten hinzugefügt wird (höchstens ein halbes Fenster)</translation>
    </message>
    <message>
        <source>the probability of an element being zeroed, from 0 to 1</source>
        <translation>die Wahrscheinlichkeit, dass ein Element auf null gesetzt wird, von 0 bis 1</translation>
    </message>
    <message>
        <source>the row that gets no gradient (-1: none)</source>
        <translation>die Zeile, die keinen Gradienten erhält (-1: keine)</translation>
    </message>
    <message>
        <source>the rows: the features, then the label</source>
        <translation>die Zeilen: die Merkmale, dann das Label</translation>
    </message>
    <message>
        <source>the seed of the loader&apos;s own torch.Generator; empty: it draws from the global one</source>
        <translation>der Seed des eigenen torch.Generator des Loaders; leer: er zieht aus dem globalen</translation>
    </message>
    <message>
        <source>the seed of the split&apos;s own generator, which shuffles the rows before the test rows are taken from the end</source>
        <translation>der Startwert des eigenen Generators der Aufteilung, der die Zeilen mischt, bevor die Testzeilen vom Ende genommen werden</translation>
    </message>
    <message>
        <source>the share of the points held out as a test set, from 0 (none) to 0.9: the model trains on the rest; the Data panel draws the test points hollow</source>
        <translation>der Anteil der Punkte, der als Testmenge zurückgehalten wird, von 0 (keiner) bis 0.9: Das Modell trainiert auf dem Rest; der Bereich Daten zeichnet die Testpunkte hohl</translation>
    </message>
    <message>
        <source>the sharpness of the bend</source>
        <translation>die Schärfe des Knicks</translation>
    </message>
    <message>
        <source>the size of each window</source>
        <translation>die Größe jedes Fensters</translation>
    </message>
    <message>
        <source>the size of the output: windows that tile the input</source>
        <translation>die Größe der Ausgabe: Fenster, die die Eingabe überdecken</translation>
    </message>
    <message>
        <source>the slope left of zero</source>
        <translation>die Steigung links von null</translation>
    </message>
    <message>
        <source>the smallest number drawn</source>
        <translation>die kleinste gezogene Zahl</translation>
    </message>
    <message>
        <source>the smallest slope left of zero</source>
        <translation>die kleinste Steigung links von null</translation>
    </message>
    <message>
        <source>the spacing between a window&apos;s elements</source>
        <translation>der Abstand zwischen den Elementen eines Fensters</translation>
    </message>
    <message>
        <source>the spacing between the kernel&apos;s elements</source>
        <translation>der Abstand zwischen den Elementen des Kerns</translation>
    </message>
    <message>
        <source>the standard deviation of the Gaussian noise added to each point</source>
        <translation>die Standardabweichung des Gaußschen Rauschens, das zu jedem Punkt addiert wird</translation>
    </message>
    <message>
        <source>the step between the kernel&apos;s places</source>
        <translation>der Schritt zwischen den Positionen des Kerns</translation>
    </message>
    <message>
        <source>the step between windows (None: the window&apos;s size)</source>
        <translation>der Schritt zwischen den Fenstern (None: die Größe des Fensters)</translation>
    </message>
    <message>
        <source>the torch.Generator it draws from, by number (the sources with one number share its stream); empty: the global one</source>
        <translation>der torch.Generator, aus dem gezogen wird, per Nummer (Quellen mit derselben Nummer teilen seinen Strom); leer: der globale</translation>
    </message>
    <message>
        <source>the trailing dimensions normalized together</source>
        <translation>die hinteren Dimensionen, die gemeinsam normalisiert werden</translation>
    </message>
    <message>
        <source>the upper limit</source>
        <translation>die obere Grenze</translation>
    </message>
    <message>
        <source>the value the curve approaches far left of zero</source>
        <translation>der Wert, dem sich die Kurve weit links von null nähert</translation>
    </message>
    <message>
        <source>the zeros added on both sides of every dimension</source>
        <translation>die Nullen, die auf beiden Seiten jeder Dimension hinzugefügt werden</translation>
    </message>
    <message>
        <source>torch.manual_seed(n) just before the data is drawn; empty: none (it continues from the graph&apos;s seed)</source>
        <translation>torch.manual_seed(n) direkt bevor die Daten gezogen werden; leer: keiner (es geht mit dem Startwert des Graphen weiter)</translation>
    </message>
    <message>
        <source>torch.manual_seed(n) just before this draw; empty: none (the draw continues from the graph&apos;s seed)</source>
        <translation>torch.manual_seed(n) direkt vor dieser Ziehung; leer: keiner (die Ziehung geht mit dem Startwert des Graphen weiter)</translation>
    </message>
    <message>
        <source>torch.tensor of numbers, torch.stack of tensors</source>
        <translation>torch.tensor aus Zahlen, torch.stack aus Tensoren</translation>
    </message>
    <message>
        <source>track operations for autograd</source>
        <translation>Operationen für Autograd verfolgen</translation>
    </message>
    <message>
        <source>used elsewhere when &apos;other&apos; is not connected</source>
        <translation>anderswo verwendet, wenn &apos;other&apos; nicht verbunden ist</translation>
    </message>
    <message>
        <source>used when &apos;exponent&apos; is not connected</source>
        <translation>verwendet, wenn &apos;exponent&apos; nicht verbunden ist</translation>
    </message>
    <message>
        <source>used when &apos;other&apos; is not connected</source>
        <translation>verwendet, wenn &apos;other&apos; nicht verbunden ist</translation>
    </message>
    <message>
        <source>used where the condition holds when &apos;input&apos; is not connected</source>
        <translation>verwendet, wo die Bedingung gilt, wenn &apos;input&apos; nicht verbunden ist</translation>
    </message>
    <message>
        <source>what draws the batches: a DataLoader over the rows, an epoch&apos;s permutation sliced (perm = torch.randperm(size); perm[i:i + batch_size]), or a DataLoader given sampler=SubsetRandomSampler (the seed is then the sampler&apos;s generator&apos;s)</source>
        <translation>was die Batches zieht: ein DataLoader über die Zeilen, die Permutation einer Epoche, in Stücke geschnitten (perm = torch.randperm(size); perm[i:i + batch_size]), oder ein DataLoader mit sampler=SubsetRandomSampler (der Seed ist dann der des Generators des Samplers)</translation>
    </message>
    <message>
        <source>what goes inside [ ]: i and j are the tensors on those ports</source>
        <translation>was in [ ] steht: i und j sind die Tensoren an diesen Eingängen</translation>
    </message>
    <message>
        <source>what it prints of grad, the .grad after the backward added to it: print(...)</source>
        <translation>was er von grad ausgibt, dem .grad, nachdem der Backward hinzugefügt hat: print(...)</translation>
    </message>
    <message>
        <source>what replaces x at or below the threshold</source>
        <translation>was x an oder unter der Schwelle ersetzt</translation>
    </message>
    <message>
        <source>what the gradient becomes: an expression of grad, or print(...) of it</source>
        <translation>was aus dem Gradienten wird: ein Ausdruck in grad oder print(...) davon</translation>
    </message>
    <message>
        <source>what the hook keeps: an expression of grad such as grad.clone()</source>
        <translation>was der Hook behält: ein Ausdruck von grad wie grad.clone()</translation>
    </message>
    <message>
        <source>where the squared part ends</source>
        <translation>wo der quadratische Teil endet</translation>
    </message>
    <message>
        <source>which diagonal: 0 the main one, &gt;0 above, &lt;0 below</source>
        <translation>welche Diagonale: 0 die Hauptdiagonale, &gt;0 darüber, &lt;0 darunter</translation>
    </message>
    <message>
        <source>which kept value: 0 for the first</source>
        <translation>welcher behaltene Wert: 0 für den ersten</translation>
    </message>
    <message>
        <source>which loader it draws from (the nodes of one loader share its batches)</source>
        <translation>aus welchem Loader er zieht (die Knoten eines Loaders teilen seine Batches)</translation>
    </message>
    <message>
        <source>which norm</source>
        <translation>welche Norm</translation>
    </message>
    <message>
        <source>which output of the Function: 1 is the second, 2 the third ...</source>
        <translation>welche Ausgabe der Function: 1 ist die zweite, 2 die dritte ...</translation>
    </message>
    <message>
        <source>which smallest (1: the smallest)</source>
        <translation>das wievielt-kleinste (1: das kleinste)</translation>
    </message>
    <message>
        <source>whose sign</source>
        <translation>dessen Vorzeichen</translation>
    </message>
    <message>
        <source>write into the input tensor itself, as PyTorch does (the input&apos;s node then shows the written values too), instead of into a copy of it</source>
        <translation>in den Eingabetensor selbst schreiben, wie PyTorch es tut (der Knoten der Eingabe zeigt dann auch die geschriebenen Werte), statt in eine Kopie davon</translation>
    </message>
</context>
<context>
    <name>Ops</name>
    <message>
        <source>0 where -lambd &lt;= x &lt;= lambd, else x.</source>
        <translation>0, wo -lambd &lt;= x &lt;= lambd, sonst x.</translation>
    </message>
    <message>
        <source>1 / sqrt of every element.</source>
        <translation>1 / sqrt jedes Elements.</translation>
    </message>
    <message>
        <source>1 / x for every element.</source>
        <translation>1 / x für jedes Element.</translation>
    </message>
    <message>
        <source>2 to the power of every element.</source>
        <translation>2 hoch jedes Element.</translation>
    </message>
    <message>
        <source>A 1-d convolution, as nn.Conv1d computes it: each output channel is the weighted sum of the input&apos;s windows, plus its bias.</source>
        <translation>Eine 1-d-Faltung, wie nn.Conv1d sie berechnet: jeder Ausgabekanal ist die gewichtete Summe der Fenster der Eingabe, plus sein Bias.</translation>
    </message>
    <message>
        <source>A 2-d convolution, as nn.Conv2d computes it: each output channel is the weighted sum of the input&apos;s patches, plus its bias.</source>
        <translation>Eine 2-d-Faltung, wie nn.Conv2d sie berechnet: jeder Ausgabekanal ist die gewichtete Summe der Ausschnitte der Eingabe, plus sein Bias.</translation>
    </message>
    <message>
        <source>A circle of radius 1 (class 0) around one of radius 0.5 (class 1): a boundary that closes on itself. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Ein Kreis mit Radius 1 (Klasse 0) um einen mit Radius 0.5 (Klasse 1): eine Grenze, die sich in sich schließt. Ein (n, 3)-Tensor: die Merkmale, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>A copy of self with src&apos;s elements combined (sum, prod, mean, amax or amin) into the positions index names along dim.</source>
        <translation>Eine Kopie von self, in der die Elemente von src an den Positionen, die index entlang dim nennt, kombiniert werden (sum, prod, mean, amax oder amin).</translation>
    </message>
    <message>
        <source>A copy that stays in the graph.</source>
        <translation>Eine Kopie, die im Graphen bleibt.</translation>
    </message>
    <message>
        <source>A copy with source&apos;s slices added at the positions index lists along dim.</source>
        <translation>Eine Kopie, bei der die Scheiben von source an den Positionen addiert sind, die index entlang dim aufführt.</translation>
    </message>
    <message>
        <source>A copy with src&apos;s elements added at the positions index names along dim.</source>
        <translation>Eine Kopie, bei der die Elemente von src an den Positionen addiert sind, die index entlang dim nennt.</translation>
    </message>
    <message>
        <source>A copy with src&apos;s elements written at the positions index names along dim.</source>
        <translation>Eine Kopie, bei der die Elemente von src an die Positionen geschrieben sind, die index entlang dim nennt.</translation>
    </message>
    <message>
        <source>A copy with value written at the positions index names along dim.</source>
        <translation>Eine Kopie, bei der value an die Positionen geschrieben ist, die index entlang dim nennt.</translation>
    </message>
    <message>
        <source>A custom autograd.Function of your own, MyReLU.apply(x): its forward computes the output from the inputs (and saves what backward needs with ctx.save_for_backward); its backward computes each input&apos;s gradient from grad_output. Both are written with tensor operations such as clamp, exp and mul.</source>
        <translation>Eine eigene autograd.Function, MyReLU.apply(x): ihr forward berechnet die Ausgabe aus den Eingaben (und speichert mit ctx.save_for_backward, was backward braucht); ihr backward berechnet aus grad_output den Gradienten jeder Eingabe. Beide werden mit Tensor-Operationen wie clamp, exp und mul geschrieben.</translation>
    </message>
    <message>
        <source>A hook that keeps the gradient flowing back into a tensor, as y.register_hook(lambda grad: grads.append(grad)) does, to look at it after the backward (a kept_grad node); the gradient is not changed.</source>
        <translation>Ein Hook, der den in einen Tensor zurückfließenden Gradienten behält, wie y.register_hook(lambda grad: grads.append(grad)), um ihn nach dem Backward anzusehen (ein kept_grad-Knoten); der Gradient wird nicht verändert.</translation>
    </message>
    <message>
        <source>A linear layer: input @ weight.T + bias, as nn.Linear computes it (AddmmBackward0 for a matrix of inputs); weight and bias are leaves you train.</source>
        <translation>Eine lineare Schicht: input @ weight.T + bias, wie nn.Linear sie berechnet (AddmmBackward0 bei einer Matrix von Eingaben); weight und bias sind Blätter, die du trainierst.</translation>
    </message>
    <message>
        <source>A new leaf sharing the same values, cut from the graph: no gradient flows back through it.</source>
        <translation>Ein neues Blatt mit denselben Werten, vom Graphen getrennt: Kein Gradient fließt durch es zurück.</translation>
    </message>
    <message>
        <source>A noisy line for regression: x in [-1, 1), target slope x + intercept plus noise. An (n, 2) tensor: the features, then the label or target in the last column.</source>
        <translation>Eine verrauschte Gerade für Regression: x in [-1, 1), Ziel slope x + intercept plus Rauschen. Ein (n, 2)-Tensor: die Merkmale, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>A noisy sine wave for regression: x in [-π, π), target sin x plus noise. An (n, 2) tensor: the features, then the label or target in the last column.</source>
        <translation>Eine verrauschte Sinuswelle für Regression: x in [-π, π), Ziel sin x plus Rauschen. Ein (n, 2)-Tensor: die Merkmale, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>A number divided by a tensor, rounded down (PyTorch has no gradient for it).</source>
        <translation>Eine Zahl geteilt durch einen Tensor, abgerundet (PyTorch hat dafür keinen Gradienten).</translation>
    </message>
    <message>
        <source>A number minus a tensor.</source>
        <translation>Eine Zahl minus ein Tensor.</translation>
    </message>
    <message>
        <source>A number raised to a tensor.</source>
        <translation>Eine Zahl hoch ein Tensor.</translation>
    </message>
    <message>
        <source>A smooth ReLU: log(1 + exp(beta * x)) / beta.</source>
        <translation>Eine glatte ReLU: log(1 + exp(beta * x)) / beta.</translation>
    </message>
    <message>
        <source>A tensor filled with one number.</source>
        <translation>Ein Tensor, gefüllt mit einer Zahl.</translation>
    </message>
    <message>
        <source>A tensor filled with ones.</source>
        <translation>Ein Tensor, gefüllt mit Einsen.</translation>
    </message>
    <message>
        <source>A tensor filled with zeros.</source>
        <translation>Ein Tensor, gefüllt mit Nullen.</translation>
    </message>
    <message>
        <source>A tensor from literal values.</source>
        <translation>Ein Tensor aus angegebenen Werten.</translation>
    </message>
    <message>
        <source>A tensor&apos;s .grad as a value to compute with (x.grad - by_hand, x.grad.float()): the very tensor backward accumulates into. It exists only after a backward, so put the node in a &apos;compute&apos; step of the timeline after it.</source>
        <translation>Das .grad eines Tensors als Wert zum Weiterrechnen (x.grad - by_hand, x.grad.float()): genau der Tensor, in den backward akkumuliert. Es existiert erst nach einem backward, also setze den Knoten in einen &apos;compute&apos;-Schritt der Zeitleiste danach.</translation>
    </message>
    <message>
        <source>A vector as the diagonal of a square matrix, or a matrix&apos;s diagonal as a vector.</source>
        <translation>Ein Vektor als Diagonale einer quadratischen Matrix, oder die Diagonale einer Matrix als Vektor.</translation>
    </message>
    <message>
        <source>Absolute value of every element.</source>
        <translation>Betrag jedes Elements.</translation>
    </message>
    <message>
        <source>Another output of a custom Function that returns several tensors: in a, b = MyFn.apply(x), b is output 1 (the Function node itself is output 0). Connect the Function to its port.</source>
        <translation>Eine weitere Ausgabe einer eigenen Function, die mehrere Tensoren zurückgibt: in a, b = MyFn.apply(x) ist b die Ausgabe 1 (der Function-Knoten selbst ist Ausgabe 0). Verbinde die Function mit seinem Port.</translation>
    </message>
    <message>
        <source>Arccosine of every element (nan outside [-1, 1]).</source>
        <translation>Arkuskosinus jedes Elements (nan außerhalb von [-1, 1]).</translation>
    </message>
    <message>
        <source>Arcsine of every element (nan outside [-1, 1]).</source>
        <translation>Arkussinus jedes Elements (nan außerhalb von [-1, 1]).</translation>
    </message>
    <message>
        <source>Arctangent of every element.</source>
        <translation>Arkustangens jedes Elements.</translation>
    </message>
    <message>
        <source>Base-10 logarithm of every element.</source>
        <translation>Zehnerlogarithmus jedes Elements.</translation>
    </message>
    <message>
        <source>Base-2 logarithm of every element.</source>
        <translation>Zweierlogarithmus jedes Elements.</translation>
    </message>
    <message>
        <source>Batch normalization: each channel (dim 1) minus its mean, over its standard deviation (the batch&apos;s in training, which also moves running_mean and running_var toward them; those running averages in eval mode), times weight, plus bias: nn.BatchNorm1d / 2d.</source>
        <translation>Batch-Normalisierung: jeder Kanal (dim 1) minus sein Mittelwert, geteilt durch seine Standardabweichung (im Training die des Batches, was auch running_mean und running_var zu ihnen hin bewegt; im eval-Modus diese laufenden Mittelwerte), mal weight, plus bias: nn.BatchNorm1d / 2d.</translation>
    </message>
    <message>
        <source>Batched matrix product.</source>
        <translation>Matrixprodukt über einen Batch.</translation>
    </message>
    <message>
        <source>Binary cross-entropy of probabilities in [0, 1] against targets in [0, 1].</source>
        <translation>Binäre Kreuzentropie von Wahrscheinlichkeiten in [0, 1] gegen Ziele in [0, 1].</translation>
    </message>
    <message>
        <source>Binary cross-entropy of scores (logits), sigmoid included, without overflow.</source>
        <translation>Binäre Kreuzentropie von Scores (Logits), Sigmoid eingeschlossen, ohne Überlauf.</translation>
    </message>
    <message>
        <source>Changes the gradient that flows back into a tensor during backward, as x.register_hook(lambda grad: grad * 10) does: what reaches the nodes before it, and a leaf&apos;s .grad, is the hook&apos;s result. A hook that prints, print(&apos;g:&apos;, grad), shows the gradient at that step and changes nothing.</source>
        <translation>Ändert den Gradienten, der während backward in einen Tensor zurückfließt, wie x.register_hook(lambda grad: grad * 10): Was die Knoten davor und das .grad eines Blatts erreicht, ist das Ergebnis des Hooks. Ein Hook, der ausgibt, print(&apos;g:&apos;, grad), zeigt den Gradienten an dieser Stelle und ändert nichts.</translation>
    </message>
    <message>
        <source>Continuously differentiable ELU: x where x &gt; 0, else alpha * (exp(x / alpha) - 1).</source>
        <translation>Stetig differenzierbare ELU: x, wo x &gt; 0, sonst alpha * (exp(x / alpha) - 1).</translation>
    </message>
    <message>
        <source>Converts to another dtype.</source>
        <translation>Wandelt in einen anderen dtype um.</translation>
    </message>
    <message>
        <source>Cosine of every element.</source>
        <translation>Kosinus jedes Elements.</translation>
    </message>
    <message>
        <source>Data imported from a CSV or .npy file (File ▸ Import Data…) and stored in the graph file, so the file carries it: an (n, k + 1) float32 tensor, the k feature columns chosen, then the label or target in the last column.</source>
        <translation>Daten, aus einer CSV- oder .npy-Datei importiert (Datei ▸ Daten importieren…) und in der Graphdatei gespeichert, sodass die Datei sie mitbringt: ein float32-Tensor (n, k + 1), die k gewählten Merkmalsspalten, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>Dot product of two vectors.</source>
        <translation>Skalarprodukt zweier Vektoren.</translation>
    </message>
    <message>
        <source>Dropout while training: zeros each element with probability p, drawn from the generator (seeded, in the graph&apos;s order, as the script draws it), and scales the others by 1 / (1 - p): F.dropout(x, p) or an nn.Dropout in training mode. In eval mode dropout is the tensor itself: leave the node out.</source>
        <translation>Dropout im Training: setzt jedes Element mit Wahrscheinlichkeit p auf null, gezogen aus dem Generator (mit Startwert, in der Reihenfolge des Graphen, wie das Skript zieht), und skaliert die übrigen mit 1 / (1 - p): F.dropout(x, p) oder ein nn.Dropout im Trainingsmodus. Im eval-Modus ist Dropout der Tensor selbst: Lass den Knoten weg.</translation>
    </message>
    <message>
        <source>Each class index as a row of zeros with a one at that index.</source>
        <translation>Jeder Klassenindex als Zeile aus Nullen mit einer Eins an diesem Index.</translation>
    </message>
    <message>
        <source>Elementwise != comparison (a bool tensor, never requires grad).</source>
        <translation>Elementweiser Vergleich != (ein bool-Tensor, benötigt nie Gradienten).</translation>
    </message>
    <message>
        <source>Elementwise &lt; comparison (a bool tensor, never requires grad).</source>
        <translation>Elementweiser Vergleich &lt; (ein bool-Tensor, benötigt nie Gradienten).</translation>
    </message>
    <message>
        <source>Elementwise &lt;= comparison (a bool tensor, never requires grad).</source>
        <translation>Elementweiser Vergleich &lt;= (ein bool-Tensor, benötigt nie Gradienten).</translation>
    </message>
    <message>
        <source>Elementwise == comparison (a bool tensor, never requires grad).</source>
        <translation>Elementweiser Vergleich == (ein bool-Tensor, benötigt nie Gradienten).</translation>
    </message>
    <message>
        <source>Elementwise &gt; comparison (a bool tensor, never requires grad).</source>
        <translation>Elementweiser Vergleich &gt; (ein bool-Tensor, benötigt nie Gradienten).</translation>
    </message>
    <message>
        <source>Elementwise &gt;= comparison (a bool tensor, never requires grad).</source>
        <translation>Elementweiser Vergleich &gt;= (ein bool-Tensor, benötigt nie Gradienten).</translation>
    </message>
    <message>
        <source>Elementwise and of bools (logical) or integers (bitwise).</source>
        <translation>Elementweises Und von bools (logisch) oder ganzen Zahlen (bitweise).</translation>
    </message>
    <message>
        <source>Elementwise and of the truth of each element (a bool tensor).</source>
        <translation>Elementweises Und des Wahrheitswerts jedes Elements (ein bool-Tensor).</translation>
    </message>
    <message>
        <source>Elementwise difference, broadcasting shapes.</source>
        <translation>Elementweise Differenz, mit Broadcasting der Formen.</translation>
    </message>
    <message>
        <source>Elementwise division rounded down (PyTorch has no gradient for it).</source>
        <translation>Elementweise Division, abgerundet (PyTorch hat dafür keinen Gradienten).</translation>
    </message>
    <message>
        <source>Elementwise division rounded towards zero (trunc) or down (floor); integers stay integers (its gradient is zero).</source>
        <translation>Elementweise Division, zur Null hin (trunc) oder nach unten (floor) gerundet; ganze Zahlen bleiben ganze Zahlen (ihr Gradient ist null).</translation>
    </message>
    <message>
        <source>Elementwise maximum of two tensors.</source>
        <translation>Elementweises Maximum zweier Tensoren.</translation>
    </message>
    <message>
        <source>Elementwise minimum of two tensors.</source>
        <translation>Elementweises Minimum zweier Tensoren.</translation>
    </message>
    <message>
        <source>Elementwise not of bools (logical) or integers (bitwise).</source>
        <translation>Elementweises Nicht von bools (logisch) oder ganzen Zahlen (bitweise).</translation>
    </message>
    <message>
        <source>Elementwise or of bools (logical) or integers (bitwise).</source>
        <translation>Elementweises Oder von bools (logisch) oder ganzen Zahlen (bitweise).</translation>
    </message>
    <message>
        <source>Elementwise or of the truth of each element (a bool tensor).</source>
        <translation>Elementweises Oder des Wahrheitswerts jedes Elements (ein bool-Tensor).</translation>
    </message>
    <message>
        <source>Elementwise product, broadcasting shapes.</source>
        <translation>Elementweises Produkt, mit Broadcasting der Formen.</translation>
    </message>
    <message>
        <source>Elementwise remainder of floor division (the sign of other).</source>
        <translation>Elementweiser Rest der abrundenden Division (mit dem Vorzeichen von other).</translation>
    </message>
    <message>
        <source>Elementwise sum, broadcasting shapes.</source>
        <translation>Elementweise Summe, mit Broadcasting der Formen.</translation>
    </message>
    <message>
        <source>Elementwise true division.</source>
        <translation>Elementweise echte Division.</translation>
    </message>
    <message>
        <source>Elementwise xor of bools (logical) or integers (bitwise).</source>
        <translation>Elementweises Xor von bools (logisch) oder ganzen Zahlen (bitweise).</translation>
    </message>
    <message>
        <source>Elementwise xor of the truth of each element (a bool tensor).</source>
        <translation>Elementweises Xor des Wahrheitswerts jedes Elements (ein bool-Tensor).</translation>
    </message>
    <message>
        <source>Evenly spaced values in [start, end).</source>
        <translation>Gleichmäßig verteilte Werte in [start, end).</translation>
    </message>
    <message>
        <source>Every element rounded half to even to a number of decimals (its gradient is zero).</source>
        <translation>Jedes Element auf eine Anzahl Nachkommastellen gerundet, Hälften zur geraden Zahl (sein Gradient ist null).</translation>
    </message>
    <message>
        <source>Exponential linear unit: x where x &gt; 0, else alpha * (exp(x) - 1).</source>
        <translation>Exponential Linear Unit: x, wo x &gt; 0, sonst alpha * (exp(x) - 1).</translation>
    </message>
    <message>
        <source>Gaussian blobs, one per class, their centres on a circle of radius 2; the label is the blob&apos;s number (0, 1, 2 ...). An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Gaußsche Punktwolken, eine pro Klasse, ihre Zentren auf einem Kreis mit Radius 2; das Label ist die Nummer der Wolke (0, 1, 2 ...). Ein (n, 3)-Tensor: die Merkmale, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>Gaussian error linear unit: x times the standard normal CDF of x.</source>
        <translation>Gaussian Error Linear Unit: x mal die Verteilungsfunktion der Standardnormalverteilung von x.</translation>
    </message>
    <message>
        <source>Group normalization: each sample&apos;s channels, cut into num_groups groups, minus the group&apos;s mean, over its standard deviation, times weight, plus bias (per channel): nn.GroupNorm.</source>
        <translation>Gruppennormalisierung: die Kanäle jeder Stichprobe, in num_groups Gruppen geteilt, minus dem Mittelwert der Gruppe, geteilt durch ihre Standardabweichung, mal weight, plus bias (je Kanal): nn.GroupNorm.</translation>
    </message>
    <message>
        <source>How many elements are not zero (over dim, or all).</source>
        <translation>Wie viele Elemente nicht null sind (über dim oder alle).</translation>
    </message>
    <message>
        <source>Hyperbolic cosine of every element.</source>
        <translation>Kosinus hyperbolicus jedes Elements.</translation>
    </message>
    <message>
        <source>Hyperbolic sine of every element.</source>
        <translation>Sinus hyperbolicus jedes Elements.</translation>
    </message>
    <message>
        <source>Hyperbolic tangent of every element.</source>
        <translation>Tangens hyperbolicus jedes Elements.</translation>
    </message>
    <message>
        <source>Index of the largest element.</source>
        <translation>Index des größten Elements.</translation>
    </message>
    <message>
        <source>Index of the smallest element.</source>
        <translation>Index des kleinsten Elements.</translation>
    </message>
    <message>
        <source>Indexing such as x[0], x[:, 1:3], x[..., None] or x[[0, 2]]; with a tensor on port i (and j) the index names it: x[i] for a mask or positions, x[:, i], x[i, j].</source>
        <translation>Indizierung wie x[0], x[:, 1:3], x[..., None] oder x[[0, 2]]; mit einem Tensor am Eingang i (und j) nennt der Index ihn: x[i] für eine Maske oder Positionen, x[:, i], x[i, j].</translation>
    </message>
    <message>
        <source>Inserts a dimension of size 1.</source>
        <translation>Fügt eine Dimension der Größe 1 ein.</translation>
    </message>
    <message>
        <source>Inverse hyperbolic cosine of every element (nan below 1).</source>
        <translation>Areakosinus hyperbolicus jedes Elements (nan unter 1).</translation>
    </message>
    <message>
        <source>Inverse hyperbolic sine of every element.</source>
        <translation>Areasinus hyperbolicus jedes Elements.</translation>
    </message>
    <message>
        <source>Inverse hyperbolic tangent of every element (nan outside [-1, 1]).</source>
        <translation>Areatangens hyperbolicus jedes Elements (nan außerhalb von [-1, 1]).</translation>
    </message>
    <message>
        <source>Joins tensors along a new dimension.</source>
        <translation>Verbindet Tensoren entlang einer neuen Dimension.</translation>
    </message>
    <message>
        <source>Joins tensors along an existing dimension.</source>
        <translation>Verbindet Tensoren entlang einer vorhandenen Dimension.</translation>
    </message>
    <message>
        <source>Keeps a value of its tensor each time it is computed, as losses.append(loss.item()) does in a training loop: one value per iteration, for a collected node after the loop.</source>
        <translation>Behält bei jeder Berechnung einen Wert seines Tensors, wie losses.append(loss.item()) in einer Trainingsschleife: ein Wert pro Iteration, für einen collected-Knoten nach der Schleife.</translation>
    </message>
    <message>
        <source>Keeps positive elements, zeroes the rest.</source>
        <translation>Behält positive Elemente, setzt den Rest auf null.</translation>
    </message>
    <message>
        <source>Keeps the lower triangle of the last two dimensions (from the given diagonal), zeroing the rest.</source>
        <translation>Behält das untere Dreieck der letzten beiden Dimensionen (ab der angegebenen Diagonale) und setzt den Rest auf null.</translation>
    </message>
    <message>
        <source>Keeps the upper triangle of the last two dimensions (from the given diagonal), zeroing the rest.</source>
        <translation>Behält das obere Dreieck der letzten beiden Dimensionen (ab der angegebenen Diagonale) und setzt den Rest auf null.</translation>
    </message>
    <message>
        <source>Layer normalization: each sample&apos;s last dimensions (normalized_shape) minus their mean, over their standard deviation, times weight, plus bias: nn.LayerNorm.</source>
        <translation>Layer-Normalisierung: die letzten Dimensionen jeder Stichprobe (normalized_shape) minus ihrem Mittelwert, geteilt durch ihre Standardabweichung, mal weight, plus bias: nn.LayerNorm.</translation>
    </message>
    <message>
        <source>Leaky ReLU: x where x &gt; 0, else negative_slope * x.</source>
        <translation>Leaky ReLU: x, wo x &gt; 0, sonst negative_slope * x.</translation>
    </message>
    <message>
        <source>Limits every element to [min, max].</source>
        <translation>Begrenzt jedes Element auf [min, max].</translation>
    </message>
    <message>
        <source>Logistic sigmoid 1/(1+e^-x).</source>
        <translation>Logistisches Sigmoid 1/(1+e^-x).</translation>
    </message>
    <message>
        <source>Makes a tensor that was computed without gradients a leaf that requires grad (in place, as a.requires_grad_(True)).</source>
        <translation>Macht einen ohne Gradienten berechneten Tensor zu einem Blatt, das Gradienten benötigt (an Ort und Stelle, wie a.requires_grad_(True)).</translation>
    </message>
    <message>
        <source>Matrix product a @ b (dot, matrix-vector, matrix or batched, by the inputs&apos; dimensions).</source>
        <translation>Matrixprodukt a @ b (Skalar-, Matrix-Vektor-, Matrix- oder Batch-Produkt, je nach den Dimensionen der Eingaben).</translation>
    </message>
    <message>
        <source>Matrix product of two matrices.</source>
        <translation>Matrixprodukt zweier Matrizen.</translation>
    </message>
    <message>
        <source>Matrix-vector product.</source>
        <translation>Matrix-Vektor-Produkt.</translation>
    </message>
    <message>
        <source>Mean of elements (over dim, or all).</source>
        <translation>Mittelwert der Elemente (über dim oder alle).</translation>
    </message>
    <message>
        <source>Natural logarithm of every element.</source>
        <translation>Natürlicher Logarithmus jedes Elements.</translation>
    </message>
    <message>
        <source>Negates every element.</source>
        <translation>Negiert jedes Element.</translation>
    </message>
    <message>
        <source>Normal random numbers with a mean and a standard deviation (seeded): what nn.init.normal_ fills a weight with.</source>
        <translation>Normalverteilte Zufallszahlen mit Mittelwert und Standardabweichung (mit Startwert): womit nn.init.normal_ ein weight füllt.</translation>
    </message>
    <message>
        <source>One index along a dimension.</source>
        <translation>Ein Index entlang einer Dimension.</translation>
    </message>
    <message>
        <source>One value a keep_grad hook kept: grads[0] is what it kept at the first backward that reached its tensor. It exists only after that backward, so put the node in a &apos;compute&apos; step of the timeline after it.</source>
        <translation>Ein Wert, den ein keep_grad-Hook behalten hat: grads[0] ist, was er beim ersten Backward behielt, der seinen Tensor erreichte. Er existiert erst nach diesem Backward, also setzen Sie den Knoten in einen &apos;compute&apos;-Schritt der Zeitleiste danach.</translation>
    </message>
    <message>
        <source>Picks from input where the condition holds, else from other.</source>
        <translation>Nimmt aus input, wo die Bedingung gilt, sonst aus other.</translation>
    </message>
    <message>
        <source>Picks, along dim, the element each entry of index names.</source>
        <translation>Nimmt entlang dim das Element, das jeder Eintrag von index nennt.</translation>
    </message>
    <message>
        <source>Points in the square [-1, 1]²: class 1 where x₁ and x₂ have opposite signs (XOR), which needs a hidden layer. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Punkte im Quadrat [-1, 1]²: Klasse 1, wo x₁ und x₂ entgegengesetzte Vorzeichen haben (XOR), was eine verborgene Schicht braucht. Ein (n, 3)-Tensor: die Merkmale, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>Prints a leaf&apos;s .grad each time a backward has added to it, as w.register_post_accumulate_grad_hook(lambda p: print(p.grad)) does; grad in its text is p.grad.</source>
        <translation>Gibt das .grad eines Blatts jedes Mal aus, wenn ein Backward hinzugefügt hat, wie w.register_post_accumulate_grad_hook(lambda p: print(p.grad)); grad in seinem Text ist p.grad.</translation>
    </message>
    <message>
        <source>Product of elements (along dim, or all).</source>
        <translation>Produkt der Elemente (entlang dim oder alle).</translation>
    </message>
    <message>
        <source>Raises every element to a number.</source>
        <translation>Potenziert jedes Element mit einer Zahl.</translation>
    </message>
    <message>
        <source>Random whole numbers in [low, high) (seeded): random labels, or the rows of a minibatch.</source>
        <translation>Zufällige ganze Zahlen in [low, high) (mit Startwert): zufällige Labels oder die Zeilen eines Minibatches.</translation>
    </message>
    <message>
        <source>Randomized leaky ReLU in evaluation: the slope left of zero is (lower + upper) / 2.</source>
        <translation>Randomisierte Leaky ReLU in der Auswertung: Die Steigung links von null ist (lower + upper) / 2.</translation>
    </message>
    <message>
        <source>Removes dimensions of size 1.</source>
        <translation>Entfernt Dimensionen der Größe 1.</translation>
    </message>
    <message>
        <source>Reorders dimensions.</source>
        <translation>Ordnet Dimensionen um.</translation>
    </message>
    <message>
        <source>Repeats size-1 dimensions without copying.</source>
        <translation>Wiederholt Dimensionen der Größe 1, ohne zu kopieren.</translation>
    </message>
    <message>
        <source>Reverses the order of elements along the given dimensions.</source>
        <translation>Kehrt die Reihenfolge der Elemente entlang der angegebenen Dimensionen um.</translation>
    </message>
    <message>
        <source>Running products along a dimension.</source>
        <translation>Laufende Produkte entlang einer Dimension.</translation>
    </message>
    <message>
        <source>Running totals along a dimension.</source>
        <translation>Laufende Summen entlang einer Dimension.</translation>
    </message>
    <message>
        <source>Same data seen with a new shape.</source>
        <translation>Dieselben Daten mit einer neuen Form gesehen.</translation>
    </message>
    <message>
        <source>Same elements with a new shape (copies if it must).</source>
        <translation>Dieselben Elemente mit einer neuen Form (kopiert, wenn nötig).</translation>
    </message>
    <message>
        <source>Scaled ELU: scale * (x where x &gt; 0, else alpha * (exp(x) - 1)), with the constants that keep activations normalized.</source>
        <translation>Skalierte ELU: scale * (x, wo x &gt; 0, sonst alpha * (exp(x) - 1)), mit den Konstanten, die Aktivierungen normalisiert halten.</translation>
    </message>
    <message>
        <source>Sets every element of a tensor (or of a copy of it) to one number (or the one-element tensor on port value): x.fill_(v).</source>
        <translation>Setzt jedes Element eines Tensors (oder einer Kopie davon) auf eine Zahl (oder den Tensor mit einem Element am Eingang value): x.fill_(v).</translation>
    </message>
    <message>
        <source>Sets every element of a tensor (or of a copy of it) to zero: x.zero_().</source>
        <translation>Setzt jedes Element eines Tensors (oder einer Kopie davon) auf null: x.zero_().</translation>
    </message>
    <message>
        <source>Sets the elements where mask is true to value.</source>
        <translation>Setzt die Elemente, wo mask wahr ist, auf value.</translation>
    </message>
    <message>
        <source>Shifts elements along dimensions, wrapping around the end.</source>
        <translation>Verschiebt Elemente entlang von Dimensionen, über das Ende hinaus umlaufend.</translation>
    </message>
    <message>
        <source>Sigmoid linear unit (swish): x * sigmoid(x).</source>
        <translation>Sigmoid Linear Unit (Swish): x * sigmoid(x).</translation>
    </message>
    <message>
        <source>Sine of every element.</source>
        <translation>Sinus jedes Elements.</translation>
    </message>
    <message>
        <source>Square root of every element.</source>
        <translation>Quadratwurzel jedes Elements.</translation>
    </message>
    <message>
        <source>Squared error below beta, absolute error above (scaled to meet).</source>
        <translation>Quadratischer Fehler unter beta, absoluter Fehler darüber (so skaliert, dass sie sich treffen).</translation>
    </message>
    <message>
        <source>Squared error below delta, delta times the absolute error above.</source>
        <translation>Quadratischer Fehler unter delta, darüber delta mal der absolute Fehler.</translation>
    </message>
    <message>
        <source>Standard deviation (over dim, or all), by default with Bessel&apos;s correction.</source>
        <translation>Standardabweichung (über dim oder alle), standardmäßig mit Bessel-Korrektur.</translation>
    </message>
    <message>
        <source>Standard normal random numbers (seeded).</source>
        <translation>Standardnormalverteilte Zufallszahlen (mit Startwert).</translation>
    </message>
    <message>
        <source>Sum of elements (over dim, or all), nans counted as zero.</source>
        <translation>Summe der Elemente (über dim oder alle), NaNs als null gezählt.</translation>
    </message>
    <message>
        <source>Sum of elements (over dim, or all).</source>
        <translation>Summe der Elemente (über dim oder alle).</translation>
    </message>
    <message>
        <source>Swaps two dimensions.</source>
        <translation>Vertauscht zwei Dimensionen.</translation>
    </message>
    <message>
        <source>Tangent of every element.</source>
        <translation>Tangens jedes Elements.</translation>
    </message>
    <message>
        <source>The angle of the point (other, self), elementwise: atan(self / other), in the right quadrant.</source>
        <translation>Der Winkel des Punkts (other, self), elementweise: atan(self / other), im richtigen Quadranten.</translation>
    </message>
    <message>
        <source>The complementary error function 1 - erf(x) of every element.</source>
        <translation>Die komplementäre Fehlerfunktion 1 - erf(x) jedes Elements.</translation>
    </message>
    <message>
        <source>The cross product of 3-vectors along dim.</source>
        <translation>Das Kreuzprodukt von 3-Vektoren entlang dim.</translation>
    </message>
    <message>
        <source>The cross-entropy of class-index targets (an int64 tensor) from unnormalised scores (logits): nll_loss(log_softmax(input, 1), target).</source>
        <translation>Die Kreuzentropie von Klassenindex-Zielen (ein int64-Tensor) aus unnormierten Scores (Logits): nll_loss(log_softmax(input, 1), target).</translation>
    </message>
    <message>
        <source>The determinant of a square matrix (of each, for a batch).</source>
        <translation>Die Determinante einer quadratischen Matrix (jeder einzelnen, bei einem Batch).</translation>
    </message>
    <message>
        <source>The diagonal of dim1 and dim2 (a view), as the last dimension.</source>
        <translation>Die Diagonale von dim1 und dim2 (eine Ansicht), als letzte Dimension.</translation>
    </message>
    <message>
        <source>The distinct elements, sorted, as a vector (torch.unique with no inverse, counts or dim).</source>
        <translation>Die verschiedenen Elemente, sortiert, als Vektor (torch.unique ohne inverse, counts oder dim).</translation>
    </message>
    <message>
        <source>The elements sorted along dim (their indices: argsort).</source>
        <translation>Die Elemente, entlang dim sortiert (ihre Indizes: argsort).</translation>
    </message>
    <message>
        <source>The elements where mask is true, as a vector.</source>
        <translation>Die Elemente, wo mask wahr ist, als Vektor.</translation>
    </message>
    <message>
        <source>The error function of every element.</source>
        <translation>Die Fehlerfunktion jedes Elements.</translation>
    </message>
    <message>
        <source>The fractional part of every element (x - trunc(x)).</source>
        <translation>Der Nachkommaanteil jedes Elements (x - trunc(x)).</translation>
    </message>
    <message>
        <source>The gradient of outputs with respect to inputs, as a tensor to compute with: torch.autograd.grad(y, x)[0]. With create_graph the gradient has a graph of its own (a second derivative, a gradient penalty).</source>
        <translation>Der Gradient der Ausgaben nach den Eingaben, als Tensor zum Weiterrechnen: torch.autograd.grad(y, x)[0]. Mit create_graph hat der Gradient einen eigenen Graphen (eine zweite Ableitung, ein Gradienten-Strafterm).</translation>
    </message>
    <message>
        <source>The identity matrix.</source>
        <translation>Die Einheitsmatrix.</translation>
    </message>
    <message>
        <source>The indices of the nonzero elements, one row each.</source>
        <translation>Die Indizes der Elemente ungleich null, je eine Zeile.</translation>
    </message>
    <message>
        <source>The indices that sort the tensor along dim.</source>
        <translation>Die Indizes, die den Tensor entlang dim sortieren.</translation>
    </message>
    <message>
        <source>The inverse of a square matrix (of each, for a batch).</source>
        <translation>Die Inverse einer quadratischen Matrix (jeder einzelnen, bei einem Batch).</translation>
    </message>
    <message>
        <source>The k largest (or smallest) elements along dim.</source>
        <translation>Die k größten (oder kleinsten) Elemente entlang dim.</translation>
    </message>
    <message>
        <source>The k-th smallest element along a dimension.</source>
        <translation>Das k-kleinste Element entlang einer Dimension.</translation>
    </message>
    <message>
        <source>The larger of each pair of elements, a nan only where both are nan.</source>
        <translation>Das größere jedes Elementpaars, NaN nur, wo beide NaN sind.</translation>
    </message>
    <message>
        <source>The largest element (over dim, or all).</source>
        <translation>Das größte Element (über dim oder alle).</translation>
    </message>
    <message>
        <source>The largest elements over dim (or all), ties sharing the gradient.</source>
        <translation>Die größten Elemente über dim (oder alle); gleich große teilen sich den Gradienten.</translation>
    </message>
    <message>
        <source>The largest value of each of output_size windows that tile the last two dimensions (nn.AdaptiveMaxPool2d).</source>
        <translation>Der größte Wert jedes der output_size Fenster, die die letzten zwei Dimensionen überdecken (nn.AdaptiveMaxPool2d).</translation>
    </message>
    <message>
        <source>The largest value of each window along the last dimension (nn.MaxPool1d).</source>
        <translation>Der größte Wert jedes Fensters entlang der letzten Dimension (nn.MaxPool1d).</translation>
    </message>
    <message>
        <source>The largest value of each window over the last two dimensions (nn.MaxPool2d).</source>
        <translation>Der größte Wert jedes Fensters über die letzten zwei Dimensionen (nn.MaxPool2d).</translation>
    </message>
    <message>
        <source>The lower median (over dim, or all).</source>
        <translation>Der untere Median (über dim oder alle).</translation>
    </message>
    <message>
        <source>The lower median, nans ignored, (over dim, or all).</source>
        <translation>Der untere Median, NaNs ignoriert (über dim oder alle).</translation>
    </message>
    <message>
        <source>The mean of each of output_size windows that tile the last dimension (nn.AdaptiveAvgPool1d).</source>
        <translation>Der Mittelwert jedes der output_size Fenster, die die letzte Dimension überdecken (nn.AdaptiveAvgPool1d).</translation>
    </message>
    <message>
        <source>The mean of each of output_size windows that tile the last two dimensions (nn.AdaptiveAvgPool2d).</source>
        <translation>Der Mittelwert jedes der output_size Fenster, die die letzten zwei Dimensionen überdecken (nn.AdaptiveAvgPool2d).</translation>
    </message>
    <message>
        <source>The mean of each window along the last dimension (nn.AvgPool1d).</source>
        <translation>Der Mittelwert jedes Fensters entlang der letzten Dimension (nn.AvgPool1d).</translation>
    </message>
    <message>
        <source>The mean of each window over the last two dimensions (nn.AvgPool2d).</source>
        <translation>Der Mittelwert jedes Fensters über die letzten zwei Dimensionen (nn.AvgPool2d).</translation>
    </message>
    <message>
        <source>The mean squared error between input and target: ((input - target) ** 2).mean(), as one op.</source>
        <translation>Der mittlere quadratische Fehler zwischen input und target: ((input - target) ** 2).mean(), als eine Operation.</translation>
    </message>
    <message>
        <source>The most frequent value along a dimension (the smallest of equally frequent ones).</source>
        <translation>Der häufigste Wert entlang einer Dimension (der kleinste unter gleich häufigen).</translation>
    </message>
    <message>
        <source>The negative log likelihood of class-index targets (an int64 tensor) from log-probabilities.</source>
        <translation>Die negative Log-Likelihood von Klassenindex-Zielen (ein int64-Tensor) aus Log-Wahrscheinlichkeiten.</translation>
    </message>
    <message>
        <source>The p-norm of self - other (2: the Euclidean distance).</source>
        <translation>Die p-Norm von self - other (2: der euklidische Abstand).</translation>
    </message>
    <message>
        <source>The positions of the k largest (or smallest) elements along dim.</source>
        <translation>Die Positionen der k größten (oder kleinsten) Elemente entlang dim.</translation>
    </message>
    <message>
        <source>The remainder of dividing a number by a tensor (PyTorch has no gradient for it).</source>
        <translation>Der Rest der Division einer Zahl durch einen Tensor (PyTorch hat dafür keinen Gradienten).</translation>
    </message>
    <message>
        <source>The remainder of dividing by a number, with the sign of self.</source>
        <translation>Der Rest der Division durch eine Zahl, mit dem Vorzeichen von self.</translation>
    </message>
    <message>
        <source>The remainder of dividing, with the sign of self (C&apos;s fmod).</source>
        <translation>Der Divisionsrest, mit dem Vorzeichen von self (fmod wie in C).</translation>
    </message>
    <message>
        <source>The row indices of one mini-batch a torch.utils.data.DataLoader draws over size rows (shuffled by its own generator, or the global one): each time it is computed the loader&apos;s next batch, a new epoch when the last one ran out. x[idx] takes the batch&apos;s rows.</source>
        <translation>Die Zeilenindizes eines Mini-Batches, den ein torch.utils.data.DataLoader über size Zeilen zieht (gemischt von seinem eigenen Generator oder dem globalen): bei jeder Berechnung der nächste Batch des Loaders, eine neue Epoche, wenn die letzte aufgebraucht ist. x[idx] nimmt die Zeilen des Batches.</translation>
    </message>
    <message>
        <source>The rows of weight (a table of learned vectors) that input&apos;s class indices name, in input&apos;s shape: nn.Embedding.</source>
        <translation>Die Zeilen von weight (einer Tabelle gelernter Vektoren), die die Klassenindizes von input nennen, in der Form von input: nn.Embedding.</translation>
    </message>
    <message>
        <source>The running largest element along a dimension.</source>
        <translation>Das laufende größte Element entlang einer Dimension.</translation>
    </message>
    <message>
        <source>The running smallest element along a dimension.</source>
        <translation>Das laufende kleinste Element entlang einer Dimension.</translation>
    </message>
    <message>
        <source>The same values laid out in memory row by row: a copy (CloneBackward0) when the input is a view such as x.t(), else the input itself.</source>
        <translation>Dieselben Werte, Zeile für Zeile im Speicher abgelegt: eine Kopie (CloneBackward0), wenn die Eingabe eine Ansicht wie x.t() ist, sonst die Eingabe selbst.</translation>
    </message>
    <message>
        <source>The size of self with the sign of a number.</source>
        <translation>Der Betrag von self mit dem Vorzeichen einer Zahl.</translation>
    </message>
    <message>
        <source>The size of self with the sign of other, elementwise.</source>
        <translation>Der Betrag von self mit dem Vorzeichen von other, elementweise.</translation>
    </message>
    <message>
        <source>The slices along dim that index lists, in its order.</source>
        <translation>Die Scheiben entlang dim, die index aufführt, in seiner Reihenfolge.</translation>
    </message>
    <message>
        <source>The smaller of each pair of elements, a nan only where both are nan.</source>
        <translation>Das kleinere jedes Elementpaars, NaN nur, wo beide NaN sind.</translation>
    </message>
    <message>
        <source>The smallest element (over dim, or all).</source>
        <translation>Das kleinste Element (über dim oder alle).</translation>
    </message>
    <message>
        <source>The smallest elements over dim (or all), ties sharing the gradient.</source>
        <translation>Die kleinsten Elemente über dim (oder alle); gleich kleine teilen sich den Gradienten.</translation>
    </message>
    <message>
        <source>The sum of the main diagonal of a matrix.</source>
        <translation>Die Summe der Hauptdiagonale einer Matrix.</translation>
    </message>
    <message>
        <source>The values a collect node kept, one per iteration, as one tensor: torch.tensor(losses) of numbers, torch.stack(losses) of tensors. It exists only after the loop that collects, so put the node in a &apos;compute&apos; step of the timeline after it.</source>
        <translation>Die Werte, die ein collect-Knoten behalten hat, einer pro Iteration, als ein Tensor: torch.tensor(losses) aus Zahlen, torch.stack(losses) aus Tensoren. Es gibt ihn erst nach der Schleife, die sammelt, also setze den Knoten in einen &apos;compute&apos;-Schritt der Zeitleiste danach.</translation>
    </message>
    <message>
        <source>The whole numbers 0 to n - 1 in a random order (seeded): what shuffles a dataset.</source>
        <translation>Die ganzen Zahlen 0 bis n - 1 in zufälliger Reihenfolge (mit Startwert): das, was einen Datensatz mischt.</translation>
    </message>
    <message>
        <source>Tiles the tensor: copies it along each dimension (new leading ones included).</source>
        <translation>Kachelt den Tensor: kopiert ihn entlang jeder Dimension (neue führende eingeschlossen).</translation>
    </message>
    <message>
        <source>Transposes a matrix.</source>
        <translation>Transponiert eine Matrix.</translation>
    </message>
    <message>
        <source>True if any element is true (over dim, or all).</source>
        <translation>Wahr, wenn irgendein Element wahr ist (über dim oder alle).</translation>
    </message>
    <message>
        <source>True if every element is true (over dim, or all).</source>
        <translation>Wahr, wenn jedes Element wahr ist (über dim oder alle).</translation>
    </message>
    <message>
        <source>Two interleaving half circles (class 0 above, class 1 below): no straight line separates them. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Zwei ineinandergreifende Halbkreise (Klasse 0 oben, Klasse 1 unten): Keine Gerade trennt sie. Ein (n, 3)-Tensor: die Merkmale, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>Two spiral arms, almost two turns each, wound into each other: the hardest of the four, it needs capacity. An (n, 3) tensor: the features, then the label or target in the last column.</source>
        <translation>Zwei Spiralarme mit je fast zwei Windungen, ineinander gewunden: der schwerste der vier, er braucht Kapazität. Ein (n, 3)-Tensor: die Merkmale, dann das Label oder Ziel in der letzten Spalte.</translation>
    </message>
    <message>
        <source>Uniform random numbers in [0, 1) (seeded).</source>
        <translation>Gleichverteilte Zufallszahlen in [0, 1) (mit Startwert).</translation>
    </message>
    <message>
        <source>Uniform random numbers in [low, high) (seeded): what nn.Linear draws its weight and bias from.</source>
        <translation>Gleichverteilte Zufallszahlen in [low, high) (mit Startwert): woraus nn.Linear sein weight und bias zieht.</translation>
    </message>
    <message>
        <source>Variance (over dim, or all), by default with Bessel&apos;s correction.</source>
        <translation>Varianz (über dim oder alle), standardmäßig mit Bessel-Korrektur.</translation>
    </message>
    <message>
        <source>Vector p-norm (default 2).</source>
        <translation>Vektor-p-Norm (standardmäßig 2).</translation>
    </message>
    <message>
        <source>Whether each element is +inf or -inf.</source>
        <translation>Ob jedes Element +inf oder -inf ist.</translation>
    </message>
    <message>
        <source>Whether each element is finite.</source>
        <translation>Ob jedes Element endlich ist.</translation>
    </message>
    <message>
        <source>Whether each element is nan.</source>
        <translation>Ob jedes Element nan ist.</translation>
    </message>
    <message>
        <source>Whether each element is zero.</source>
        <translation>Ob jedes Element null ist.</translation>
    </message>
    <message>
        <source>Whether each pair of elements is equal within atol + rtol * |other|.</source>
        <translation>Ob jedes Elementpaar innerhalb von atol + rtol * |other| gleich ist.</translation>
    </message>
    <message>
        <source>Writes into a tensor (or into a copy of it): x[key] = v (a number, or the tensor on port value), as x[0] = 5, x[1:] = 0 or x[mask] = 0 do; with a tensor on port i (and j) the key names it.</source>
        <translation>Schreibt in einen Tensor (oder in eine Kopie davon): x[key] = v (eine Zahl oder der Tensor am Eingang value), wie x[0] = 5, x[1:] = 0 oder x[mask] = 0; mit einem Tensor am Eingang i (und j) nennt der Schlüssel ihn.</translation>
    </message>
    <message>
        <source>Writes the values of src into a tensor (or into a copy of it), broadcast to its shape, in its dtype: x.copy_(src).</source>
        <translation>Schreibt die Werte von src in einen Tensor (oder in eine Kopie davon), auf seine Form gebroadcastet, in seinem dtype: x.copy_(src).</translation>
    </message>
    <message>
        <source>beta * self + alpha * (batch1 @ batch2), batch by batch.</source>
        <translation>beta * self + alpha * (batch1 @ batch2), Stapel für Stapel.</translation>
    </message>
    <message>
        <source>beta * self + alpha * (mat1 @ mat2): a matrix product plus a bias, in one op (nn.Linear&apos;s).</source>
        <translation>beta * self + alpha * (mat1 @ mat2): ein Matrixprodukt plus ein Bias, in einer Operation (die von nn.Linear).</translation>
    </message>
    <message>
        <source>ceil of every element (its gradient is zero).</source>
        <translation>ceil jedes Elements (sein Gradient ist null).</translation>
    </message>
    <message>
        <source>e to the power of every element.</source>
        <translation>e hoch jedes Element.</translation>
    </message>
    <message>
        <source>e^x - 1, accurate for small x.</source>
        <translation>e^x - 1, genau für kleine x.</translation>
    </message>
    <message>
        <source>exp(x) / sum(exp(x)) along dim.</source>
        <translation>exp(x) / sum(exp(x)) entlang dim.</translation>
    </message>
    <message>
        <source>floor of every element (its gradient is zero).</source>
        <translation>floor jedes Elements (sein Gradient ist null).</translation>
    </message>
    <message>
        <source>log(1 + x), accurate for small x.</source>
        <translation>log(1 + x), genau für kleine x.</translation>
    </message>
    <message>
        <source>log(sigmoid(x)), computed without overflow.</source>
        <translation>log(sigmoid(x)), ohne Überlauf berechnet.</translation>
    </message>
    <message>
        <source>log(softmax(x)) along dim.</source>
        <translation>log(softmax(x)) entlang dim.</translation>
    </message>
    <message>
        <source>log(sum(exp(x))) along dim, computed stably.</source>
        <translation>log(sum(exp(x))) entlang dim, numerisch stabil berechnet.</translation>
    </message>
    <message>
        <source>relu6(x + 3) / 6: a cheap sigmoid.</source>
        <translation>relu6(x + 3) / 6: ein billiges Sigmoid.</translation>
    </message>
    <message>
        <source>round of every element (its gradient is zero).</source>
        <translation>round jedes Elements (sein Gradient ist null).</translation>
    </message>
    <message>
        <source>self * log(other), and 0 where self is 0.</source>
        <translation>self * log(other), und 0, wo self 0 ist.</translation>
    </message>
    <message>
        <source>self + value * tensor1 * tensor2, elementwise.</source>
        <translation>self + value * tensor1 * tensor2, elementweise.</translation>
    </message>
    <message>
        <source>self + value * tensor1 / tensor2, elementwise (two integer tensors are refused, as in torch).</source>
        <translation>self + value * tensor1 / tensor2, elementweise (zwei ganzzahlige Tensoren werden abgelehnt, wie in torch).</translation>
    </message>
    <message>
        <source>self + weight * (end - self), with a weight per element.</source>
        <translation>self + weight * (end - self), mit einem Gewicht pro Element.</translation>
    </message>
    <message>
        <source>self + weight * (end - self): the point a fraction weight of the way to end.</source>
        <translation>self + weight * (end - self): der Punkt beim Anteil weight des Wegs zu end.</translation>
    </message>
    <message>
        <source>sign of every element (its gradient is zero).</source>
        <translation>sign jedes Elements (sein Gradient ist null).</translation>
    </message>
    <message>
        <source>sqrt(self ** 2 + other ** 2), elementwise.</source>
        <translation>sqrt(self ** 2 + other ** 2), elementweise.</translation>
    </message>
    <message>
        <source>steps evenly spaced values from start to end.</source>
        <translation>steps gleichmäßig verteilte Werte von start bis end.</translation>
    </message>
    <message>
        <source>trunc of every element (its gradient is zero).</source>
        <translation>trunc jedes Elements (sein Gradient ist null).</translation>
    </message>
    <message>
        <source>x * relu6(x + 3) / 6: a cheap swish.</source>
        <translation>x * relu6(x + 3) / 6: ein billiges Swish.</translation>
    </message>
    <message>
        <source>x * tanh(softplus(x)).</source>
        <translation>x * tanh(softplus(x)).</translation>
    </message>
    <message>
        <source>x clamped to [min_val, max_val] (relu6 is hardtanh(x, 0, 6)).</source>
        <translation>x, auf [min_val, max_val] begrenzt (relu6 ist hardtanh(x, 0, 6)).</translation>
    </message>
    <message>
        <source>x moved lambd toward zero, 0 within lambd of it.</source>
        <translation>x um lambd zur Null hin verschoben, 0 innerhalb von lambd um sie.</translation>
    </message>
    <message>
        <source>x where x &gt; threshold, else value.</source>
        <translation>x, wo x &gt; threshold, sonst value.</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>retain_grad() marks a tensor rather than adding a node: right-click the tensor&apos;s node ▸ Keep .grad, or tick retains_grad in the inspector.</source>
        <translation>retain_grad() markiert einen Tensor, statt einen Knoten hinzuzufügen: Rechtsklick auf den Knoten des Tensors ▸ .grad behalten, oder retains_grad im Inspektor anhaken.</translation>
    </message>
    <message>
        <source>grad_fn: &lt;code&gt;{v}&lt;/code&gt;</source>
        <translation>grad_fn: &lt;code&gt;{v}&lt;/code&gt;</translation>
    </message>
    <message>
        <source>A source: its tensor is a leaf.</source>
        <translation>Eine Quelle: Ihr Tensor ist ein Blatt.</translation>
    </message>
    <message>
        <source>Search name, torch code, doc</source>
        <translation>Name, torch-Code, Doku durchsuchen</translation>
    </message>
</context>
<context>
    <name>Probe</name>
    <message>
        <source>Choose an output and an input that are nodes of the program.</source>
        <translation>Wähle eine Ausgabe und eine Eingabe, die Knoten des Programms sind.</translation>
    </message>
    <message>
        <source>{out_name} does not depend on {in_name}: no path leads from {in_name} to {out_name}.</source>
        <translation>{out_name} hängt nicht von {in_name} ab: Kein Weg führt von {in_name} zu {out_name}.</translation>
    </message>
    <message>
        <source>{name} draws random numbers ({kind}) on the way from {in_name} to {out_name}: computed again it would draw new ones, so it cannot be probed.</source>
        <translation>{name} zieht Zufallszahlen ({kind}) auf dem Weg von {in_name} zu {out_name}: Neu berechnet würde es neue ziehen, daher lässt es sich nicht untersuchen.</translation>
    </message>
    <message>
        <source>{names} is a .grad on the way from {in_name} to {out_name}: what a backward left, not a function of {in_name} computed again, so it cannot be probed.</source>
        <translation>{names} ist ein .grad auf dem Weg von {in_name} zu {out_name}: das, was ein backward hinterließ, keine neu berechnete Funktion von {in_name}, daher lässt es sich nicht untersuchen.</translation>
    </message>
    <message>
        <source>{names} is not computed yet at this step: it is computed at {value}.</source>
        <translation>{names} ist in diesem Schritt noch nicht berechnet: Es wird bei {value} berechnet.</translation>
    </message>
    <message>
        <source>{names} has no value in this run (it has an error): fix it first.</source>
        <translation>{names} hat in diesem Lauf keinen Wert (es hat einen Fehler): Behebe ihn zuerst.</translation>
    </message>
    <message>
        <source>{in_name} holds {dtype} values: only a floating-point tensor has derivatives.</source>
        <translation>{in_name} enthält Werte vom Typ {dtype}: Nur ein Gleitkomma-Tensor hat Ableitungen.</translation>
    </message>
    <message>
        <source>{out_name} holds {dtype} values: only a floating-point result has derivatives.</source>
        <translation>{out_name} enthält Werte vom Typ {dtype}: Nur ein Gleitkomma-Ergebnis hat Ableitungen.</translation>
    </message>
    <message>
        <source>The Jacobian of {out_name} with respect to {in_name} has {n_out:,} × {n_in:,} = {entries:,} entries, more than the {limit:,} a probe computes: choose smaller tensors.</source>
        <translation>Die Jacobi-Matrix von {out_name} nach {in_name} hat {n_out:,} × {n_in:,} = {entries:,} Einträge, mehr als die {limit:,}, die eine Untersuchung berechnet: Wähle kleinere Tensoren.</translation>
    </message>
    <message>
        <source>{out_name} has {n_out:,} elements, more than the {outputs:,} backward passes (one per element) a probe takes: choose a smaller output.</source>
        <translation>{out_name} hat {n_out:,} Elemente, mehr als die {outputs:,} Rückwärtsdurchläufe (einer pro Element), die eine Untersuchung macht: Wähle eine kleinere Ausgabe.</translation>
    </message>
    <message>
        <source>{names} could not be computed again: {exc}</source>
        <translation>{names} ließ sich nicht neu berechnen: {exc}</translation>
    </message>
    <message>
        <source>{names} computes in {name}, too coarse for finite differences: the check needs float64 all the way.</source>
        <translation>{names} rechnet in {name}, zu grob für finite Differenzen: Die Prüfung braucht durchgehend float64.</translation>
    </message>
    <message>
        <source>No gradient flows from {in_name} to {out_name}: a detach, a no-grad region or a non-differentiable step cuts every path.</source>
        <translation>Kein Gradient fließt von {in_name} zu {out_name}: Ein detach, eine no-grad-Region oder ein nicht differenzierbarer Schritt unterbricht jeden Weg.</translation>
    </message>
    <message>
        <source>Choose a backward step of the timeline.</source>
        <translation>Wähle einen backward-Schritt der Zeitleiste.</translation>
    </message>
    <message>
        <source>This backward step failed: {error}</source>
        <translation>Dieser backward-Schritt ist fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>This backward step has no target: choose one in the timeline.</source>
        <translation>Dieser backward-Schritt hat kein Ziel: Wähle eines in der Zeitleiste.</translation>
    </message>
    <message>
        <source>{name} has no value in this run (it has an error): fix it first.</source>
        <translation>{name} hat in diesem Lauf keinen Wert (es hat einen Fehler): Behebe ihn zuerst.</translation>
    </message>
    <message>
        <source>The gradient {value} has no value in this run: fix it first.</source>
        <translation>Der Gradient {value} hat in diesem Lauf keinen Wert: Behebe das zuerst.</translation>
    </message>
    <message>
        <source>{name} has {size} elements: its backward needs a gradient v of the same shape.</source>
        <translation>{name} hat {size} Elemente: Sein backward braucht einen Gradienten v derselben Form.</translation>
    </message>
    <message>
        <source>The function must return a tensor.</source>
        <translation>Die Funktion muss einen Tensor zurückgeben.</translation>
    </message>
    <message>
        <source>{output_name} holds {name} values: only a floating-point result has derivatives.</source>
        <translation>{output_name} enthält Werte vom Typ {name}: Nur ein Gleitkomma-Ergebnis hat Ableitungen.</translation>
    </message>
    <message>
        <source>{in_name} has {n_in:,} elements, more than the {MAX_CHECK_ELEMENTS:,} a gradient check moves one by one: choose a smaller tensor.</source>
        <translation>{in_name} hat {n_in:,} Elemente, mehr als die {MAX_CHECK_ELEMENTS:,}, die eine Gradientenprüfung einzeln verschiebt: Wähle einen kleineren Tensor.</translation>
    </message>
    <message>
        <source>The function failed: {name__}: {exc}</source>
        <translation>Die Funktion ist fehlgeschlagen: {name__}: {exc}</translation>
    </message>
    <message>
        <source>x has {size:,} elements, more than the {MAX_CHECK_ELEMENTS:,} a gradient check moves one by one.</source>
        <translation>x hat {size:,} Elemente, mehr als die {MAX_CHECK_ELEMENTS:,}, die eine Gradientenprüfung einzeln verschiebt.</translation>
    </message>
    <message>
        <source>{in_name} has {n_in} elements: choose one from 0 to {n_in2}.</source>
        <translation>{in_name} hat {n_in} Elemente: Wähle eines von 0 bis {n_in2}.</translation>
    </message>
    <message>
        <source>{out_name} has {n_out} elements: choose one from 0 to {n_out2}.</source>
        <translation>{out_name} hat {n_out} Elemente: Wähle eines von 0 bis {n_out2}.</translation>
    </message>
    <message>
        <source>The span must be a positive number.</source>
        <translation>Die Spanne muss eine positive Zahl sein.</translation>
    </message>
    <message>
        <source>A sweep takes from 2 to {MAX_SWEEP_POINTS} points.</source>
        <translation>Eine Abtastung nimmt 2 bis {MAX_SWEEP_POINTS} Punkte.</translation>
    </message>
</context>
<context>
    <name>ProbeChoices</name>
    <message>
        <source>Nothing to probe yet: the program has no floating-point result.</source>
        <translation>Noch nichts zu untersuchen: Das Programm hat kein Gleitkomma-Ergebnis.</translation>
    </message>
    <message>
        <source>Nothing to probe yet: {names} are floating-point, but nothing is computed from them; add an operation on them to see its derivatives.</source>
        <translation>Noch nichts zu untersuchen: {names} sind Gleitkommazahlen, aber nichts wird aus ihnen berechnet; füge eine Operation auf ihnen hinzu, um ihre Ableitungen zu sehen.</translation>
    </message>
    <message>
        <source>Nothing to probe yet: {names} is floating-point, but nothing is computed from it; add an operation on it to see its derivatives.</source>
        <translation>Noch nichts zu untersuchen: {names} ist Gleitkomma, aber nichts wird daraus berechnet; füge eine Operation darauf hinzu, um ihre Ableitungen zu sehen.</translation>
    </message>
</context>
<context>
    <name>ProbePages</name>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Compare autograd with central finite differences in float64 for the chosen input.</source>
        <translation>Autograd mit zentralen finiten Differenzen in float64 für den gewählten Eingang vergleichen.</translation>
    </message>
    <message>
        <source>Check every leaf</source>
        <translation>Jedes Blatt prüfen</translation>
    </message>
    <message>
        <source>Check every leaf (and retained tensor) the output depends on.</source>
        <translation>Jedes Blatt (und jeden behaltenen Tensor) prüfen, von dem die Ausgabe abhängt.</translation>
    </message>
    <message>
        <source>Which element of the input moves (flat index).</source>
        <translation>Welches Element des Eingangs sich bewegt (flacher Index).</translation>
    </message>
    <message>
        <source>Which element of the output is plotted.</source>
        <translation>Welches Element der Ausgabe gezeichnet wird.</translation>
    </message>
    <message>
        <source>The element goes from its value − span to its value + span (101 points).</source>
        <translation>Das Element läuft von seinem Wert − Spanne bis zu seinem Wert + Spanne (101 Punkte).</translation>
    </message>
    <message>
        <source>± span</source>
        <translation>± Spanne</translation>
    </message>
    <message>
        <source>{output_label} as {input_label} varies (dashed: the tangent at {x0:.4g})</source>
        <translation>{output_label}, wenn sich {input_label} ändert (gestrichelt: die Tangente bei {x0:.4g})</translation>
    </message>
    <message>
        <source>∂{output_label}/∂{input_label} = {slope0:.4g} here</source>
        <translation>∂{output_label}/∂{input_label} = {slope0:.4g} hier</translation>
    </message>
    <message>
        <source>Step {v}: {v2} computes vᵀJ</source>
        <translation>Schritt {v}: {v2} berechnet vᵀJ</translation>
    </message>
    <message>
        <source>, v = ones (its target has one element).</source>
        <translation>, v = Einsen (sein Ziel hat ein Element).</translation>
    </message>
    <message>
        <source> {x} keeps no .grad (not a leaf that requires grad nor a retained tensor).</source>
        <translation> {x} behält kein .grad (weder ein Blatt, das Gradienten benötigt, noch ein behaltener Tensor).</translation>
    </message>
    <message>
        <source>{x}.grad before</source>
        <translation>{x}.grad vorher</translation>
    </message>
    <message>
        <source>{x}.grad after</source>
        <translation>{x}.grad nachher</translation>
    </message>
    <message>
        <source> what this step added to</source>
        <translation> dem, was dieser Schritt hinzufügte zu</translation>
    </message>
    <message>
        <source>{x}.grad was not set by this step.</source>
        <translation>{x}.grad wurde von diesem Schritt nicht gesetzt.</translation>
    </message>
    <message>
        <source>✓ vᵀJ equals{added} {x}.grad (∂{target}/∂{x} weighted by v).</source>
        <translation>✓ vᵀJ gleicht{added} {x}.grad (∂{target}/∂{x} gewichtet mit v).</translation>
    </message>
    <message>
        <source>✗ vᵀJ differs from{added} {x}.grad by up to {max_difference:.3g}.</source>
        <translation>✗ vᵀJ weicht von{added} {x}.grad um bis zu {max_difference:.3g} ab.</translation>
    </message>
    <message>
        <source>✓ autograd agrees with finite differences for ∂{y}/∂{x} (float64).</source>
        <translation>✓ Autograd stimmt mit finiten Differenzen für ∂{y}/∂{x} überein (float64).</translation>
    </message>
    <message>
        <source>✗ autograd disagrees with finite differences for ∂{y}/∂{x}.</source>
        <translation>✗ Autograd weicht von finiten Differenzen für ∂{y}/∂{x} ab.</translation>
    </message>
    <message>
        <source>Largest error {max_error:.3g}{where}: analytic {v:.6g}, numeric {v2:.6g} (central differences, eps = {EPS:g}; agreement within {ATOL:g} + {RTOL:g} × |numeric|).</source>
        <translation>Größter Fehler {max_error:.3g}{where}: analytisch {v:.6g}, numerisch {v2:.6g} (zentrale Differenzen, eps = {EPS:g}; Übereinstimmung innerhalb {ATOL:g} + {RTOL:g} × |numerisch|).</translation>
    </message>
    <message>
        <source>, before step {v} ({v2})</source>
        <translation>, vor Schritt {v} ({v2})</translation>
    </message>
    <message>
        <source>∂{output_name}/∂{input_name}: {rows} × {cols}, row m column k is ∂{output_name}[m] / ∂{input_name}[k]{when}.</source>
        <translation>∂{output_name}/∂{input_name}: {rows} × {cols}, Zeile m Spalte k ist ∂{output_name}[m] / ∂{input_name}[k]{when}.</translation>
    </message>
</context>
<context>
    <name>ProbePanel</name>
    <message>
        <source>The result whose derivatives are shown (y).</source>
        <translation>Das Ergebnis, dessen Ableitungen gezeigt werden (y).</translation>
    </message>
    <message>
        <source>The tensor it is differentiated with respect to (x).</source>
        <translation>Der Tensor, nach dem abgeleitet wird (x).</translation>
    </message>
    <message>
        <source>Jacobian</source>
        <translation>Jacobi-Matrix</translation>
    </message>
    <message>
        <source>Gradient check</source>
        <translation>Gradientenprüfung</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Abtastung</translation>
    </message>
    <message>
        <source>Choose an output and an input above.</source>
        <translation>Wähle oben eine Ausgabe und einen Eingang.</translation>
    </message>
    <message>
        <source>Every leaf: </source>
        <translation>Jedes Blatt: </translation>
    </message>
    <message>
        <source>analytic − numeric</source>
        <translation>analytisch − numerisch</translation>
    </message>
</context>
<context>
    <name>QuickAdd</name>
    <message>
        <source>Add node…</source>
        <translation>Knoten hinzufügen…</translation>
    </message>
</context>
<context>
    <name>Reader</name>
    <message>
        <source>the file is larger than {megabytes} MB, the most GradStudio reads; check in its folder that it is the graph you meant, or choose another file.</source>
        <translation>die Datei ist größer als {megabytes} MB, das Höchste, was GradStudio liest; prüfe in ihrem Ordner, ob es der gemeinte Graph ist, oder wähle eine andere Datei.</translation>
    </message>
    <message>
        <source>byte {number}</source>
        <translation>Byte {number}</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text; is it a GradStudio graph?</source>
        <translation>die Datei ist kein UTF-8-Text; ist es ein GradStudio-Graph?</translation>
    </message>
    <message>
        <source>line {line}, column {column}</source>
        <translation>Zeile {line}, Spalte {column}</translation>
    </message>
    <message>
        <source>this is not valid JSON ({msg}).</source>
        <translation>das ist kein gültiges JSON ({msg}).</translation>
    </message>
    <message>
        <source>the file is nested more than {MAX_DEPTH} levels deep.</source>
        <translation>die Datei ist mehr als {MAX_DEPTH} Ebenen tief verschachtelt.</translation>
    </message>
    <message>
        <source>the file holds no JSON object; is it a GradStudio graph?</source>
        <translation>die Datei enthält kein JSON-Objekt; ist es ein GradStudio-Graph?</translation>
    </message>
    <message>
        <source>missing; is this a GradStudio graph file?</source>
        <translation>fehlt; ist das eine GradStudio-Graphdatei?</translation>
    </message>
    <message>
        <source>must be a whole number from 1.</source>
        <translation>muss eine ganze Zahl ab 1 sein.</translation>
    </message>
    <message>
        <source>the file was written by a newer GradStudio (format {version}); this one reads formats up to {newest}. Update GradStudio to open it.</source>
        <translation>die Datei wurde von einem neueren GradStudio geschrieben (Format {version}); dieses liest Formate bis {newest}. Aktualisiere GradStudio, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>must be an object of settings.</source>
        <translation>muss ein Objekt mit Einstellungen sein.</translation>
    </message>
    <message>
        <source>has more than {MAX_VIEW_KEYS} settings.</source>
        <translation>hat mehr als {MAX_VIEW_KEYS} Einstellungen.</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; is not a valid setting name (letters, digits, _ . : -, at most 64).</source>
        <translation>&apos;{key}&apos; ist kein gültiger Einstellungsname (Buchstaben, Ziffern, _ . : -, höchstens 64).</translation>
    </message>
    <message>
        <source>a list of at most {MAX_VIEW_LIST} values.</source>
        <translation>eine Liste von höchstens {MAX_VIEW_LIST} Werten.</translation>
    </message>
    <message>
        <source>text must be UTF-8, at most {MAX_STRING} characters.</source>
        <translation>Text muss UTF-8 sein, höchstens {MAX_STRING} Zeichen.</translation>
    </message>
    <message>
        <source>must be a number within ±1e15, text, true/false, null or a short list of these.</source>
        <translation>muss eine Zahl innerhalb von ±1e15, Text, true/false, null oder eine kurze Liste davon sein.</translation>
    </message>
    <message>
        <source>must be an object { ... }.</source>
        <translation>muss ein Objekt { ... } sein.</translation>
    </message>
    <message>
        <source>the field &apos;{duplicate}&apos; appears twice.</source>
        <translation>das Feld &apos;{duplicate}&apos; kommt zweimal vor.</translation>
    </message>
    <message>
        <source>must be a text of at most {MAX_TITLE} characters.</source>
        <translation>muss ein Text von höchstens {MAX_TITLE} Zeichen sein.</translation>
    </message>
    <message>
        <source>must be a list of at most {MAX_QUESTIONS}.</source>
        <translation>muss eine Liste von höchstens {MAX_QUESTIONS} sein.</translation>
    </message>
    <message>
        <source>node &apos;{node}&apos; does not exist.</source>
        <translation>Knoten &apos;{node}&apos; existiert nicht.</translation>
    </message>
    <message>
        <source>&apos;{id}&apos; is used twice.</source>
        <translation>&apos;{id}&apos; wird zweimal verwendet.</translation>
    </message>
    <message>
        <source>must be a text of at most {MAX_ANSWER} characters.</source>
        <translation>muss ein Text von höchstens {MAX_ANSWER} Zeichen sein.</translation>
    </message>
    <message>
        <source>has a field that appears twice.</source>
        <translation>hat ein Feld, das zweimal vorkommt.</translation>
    </message>
    <message>
        <source>unknown field &apos;{key}&apos;.</source>
        <translation>unbekanntes Feld &apos;{key}&apos;.</translation>
    </message>
    <message>
        <source>the field &apos;{key}&apos; is missing.</source>
        <translation>das Feld &apos;{key}&apos; fehlt.</translation>
    </message>
    <message>
        <source>must be one of {value}.</source>
        <translation>muss eines von {value} sein.</translation>
    </message>
    <message>
        <source>a &apos;raises&apos; question names no node; every other question names one.</source>
        <translation>eine &apos;raises&apos;-Frage nennt keinen Knoten; jede andere Frage nennt einen.</translation>
    </message>
    <message>
        <source>must be a node id.</source>
        <translation>muss eine Knoten-ID sein.</translation>
    </message>
    <message>
        <source>must be a whole number from -1 (the end) to 100,000.</source>
        <translation>muss eine ganze Zahl von -1 (das Ende) bis 100,000 sein.</translation>
    </message>
    <message>
        <source>must be a number from 0 to 1,000,000.</source>
        <translation>muss eine Zahl von 0 bis 1,000,000 sein.</translation>
    </message>
    <message>
        <source>must be a 64-digit hash or null.</source>
        <translation>muss ein 64-stelliger Hash oder null sein.</translation>
    </message>
    <message>
        <source>must be text.</source>
        <translation>muss Text sein.</translation>
    </message>
    <message>
        <source>is longer than {limit:,} characters.</source>
        <translation>ist länger als {limit:,} Zeichen.</translation>
    </message>
    <message>
        <source>the lesson holds more than {MAX_LESSON_TEXT:,} characters of text.</source>
        <translation>die Lektion enthält mehr als {MAX_LESSON_TEXT:,} Zeichen Text.</translation>
    </message>
    <message>
        <source>must be a list [ ... ].</source>
        <translation>muss eine Liste [ ... ] sein.</translation>
    </message>
    <message>
        <source>has {count:,} cells; at most {MAX_CELLS:,} are allowed.</source>
        <translation>hat {count:,} Zellen; höchstens {MAX_CELLS:,} sind erlaubt.</translation>
    </message>
    <message>
        <source>must be &apos;markdown&apos; or &apos;code&apos;.</source>
        <translation>muss &apos;markdown&apos; oder &apos;code&apos; sein.</translation>
    </message>
    <message>
        <source>a markdown cell has only a kind and a source.</source>
        <translation>eine Markdown-Zelle hat nur eine Art und einen Quelltext.</translation>
    </message>
    <message>
        <source>must be a list of at most 1,000 texts.</source>
        <translation>muss eine Liste von höchstens 1,000 Texten sein.</translation>
    </message>
    <message>
        <source>must be a whole number or null.</source>
        <translation>muss eine ganze Zahl oder null sein.</translation>
    </message>
    <message>
        <source>&apos;{item}&apos; is no node or timeline action of this graph.</source>
        <translation>&apos;{item}&apos; ist kein Knoten und keine Aktion der Zeitleiste dieses Graphen.</translation>
    </message>
    <message>
        <source>must be [cell, line], two whole numbers.</source>
        <translation>muss [cell, line] sein, zwei ganze Zahlen.</translation>
    </message>
    <message>
        <source>cell {cell} is not a code cell of the lesson.</source>
        <translation>Zelle {cell} ist keine Codezelle der Lektion.</translation>
    </message>
    <message>
        <source>line {line} is not a line of cell {cell}.</source>
        <translation>Zeile {line} ist keine Zeile von Zelle {cell}.</translation>
    </message>
    <message>
        <source>has {count:,} entries; at most {limit:,} are allowed.</source>
        <translation>hat {count:,} Einträge; höchstens {limit:,} sind erlaubt.</translation>
    </message>
    <message>
        <source>must be an id: 1 to 64 letters, digits or _ . : -.</source>
        <translation>muss eine ID sein: 1 bis 64 Buchstaben, Ziffern oder _ . : -.</translation>
    </message>
    <message>
        <source>must be {what}, a text of 1 to {MAX_NAME} characters.</source>
        <translation>muss {what} sein, ein Text von 1 bis {MAX_NAME} Zeichen.</translation>
    </message>
    <message>
        <source>node &apos;{value}&apos; does not exist.</source>
        <translation>Knoten &apos;{value}&apos; existiert nicht.</translation>
    </message>
    <message>
        <source>must be the 64 hexadecimal digits of a digest.</source>
        <translation>muss aus den 64 Hexadezimalziffern eines Hashwerts bestehen.</translation>
    </message>
    <message>
        <source>a kind of node</source>
        <translation>eine Knotenart</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a kind of node GradStudio knows.</source>
        <translation>&apos;{kind}&apos; ist keine Knotenart, die GradStudio kennt.</translation>
    </message>
    <message>
        <source>must be a pair of numbers [x, y].</source>
        <translation>muss ein Zahlenpaar [x, y] sein.</translation>
    </message>
    <message>
        <source>a name</source>
        <translation>ein Name</translation>
    </message>
    <message>
        <source>must be true or false.</source>
        <translation>muss true oder false sein.</translation>
    </message>
    <message>
        <source>must be a line number.</source>
        <translation>muss eine Zeilennummer sein.</translation>
    </message>
    <message>
        <source>NaN (not a number) is not allowed here.</source>
        <translation>NaN (keine Zahl) ist hier nicht erlaubt.</translation>
    </message>
    <message>
        <source>an input name</source>
        <translation>ein Eingangsname</translation>
    </message>
    <message>
        <source>node &apos;{target}&apos; ({kind}) has no input &apos;{port}&apos;; its inputs are {inputs}.</source>
        <translation>Knoten &apos;{target}&apos; ({kind}) hat keinen Eingang &apos;{port}&apos;; seine Eingänge sind {inputs}.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>input &apos;{port}&apos; of node &apos;{target}&apos; is already connected by edges[{taken}].</source>
        <translation>Eingang &apos;{port}&apos; von Knoten &apos;{target}&apos; ist bereits durch edges[{taken}] verbunden.</translation>
    </message>
    <message>
        <source>this edge closes a cycle ({path}); a tensor cannot depend on itself.</source>
        <translation>diese Kante schließt einen Zyklus ({path}); ein Tensor kann nicht von sich selbst abhängen.</translation>
    </message>
    <message>
        <source>node &apos;{n}&apos; is listed twice.</source>
        <translation>Knoten &apos;{n}&apos; ist zweimal aufgeführt.</translation>
    </message>
    <message>
        <source>a kind of action</source>
        <translation>eine Aktionsart</translation>
    </message>
    <message>
        <source>&apos;{kind}&apos; is not a timeline action; use one of {value}.</source>
        <translation>&apos;{kind}&apos; ist keine Aktion der Zeitleiste; verwende eine von {value}.</translation>
    </message>
    <message>
        <source>a choice</source>
        <translation>eine Auswahl</translation>
    </message>
    <message>
        <source>a whole number with more than {MAX_DIGITS} digits.</source>
        <translation>eine ganze Zahl mit mehr als {MAX_DIGITS} Ziffern.</translation>
    </message>
    <message>
        <source>a version 1 file stores the position as separate x and y fields</source>
        <translation>eine Datei der Version 1 speichert die Position als getrennte Felder x und y</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>muss eine Zahl sein</translation>
    </message>
    <message>
        <source>a version 1 file names this field &apos;{old}&apos;</source>
        <translation>eine Datei der Version 1 nennt dieses Feld &apos;{old}&apos;</translation>
    </message>
    <message>
        <source>must be a text of at most {MAX_NOTE_TEXT:,} characters.</source>
        <translation>muss ein Text von höchstens {MAX_NOTE_TEXT:,} Zeichen sein.</translation>
    </message>
    <message>
        <source>must be a pair of numbers from {low:g} to {high:g}.</source>
        <translation>muss ein Zahlenpaar von {low:g} bis {high:g} sein.</translation>
    </message>
    <message>
        <source>must be a node id or null.</source>
        <translation>muss eine Knoten-ID oder null sein.</translation>
    </message>
    <message>
        <source>must be a list of at most {MAX_NOTES:,} notes.</source>
        <translation>muss eine Liste von höchstens {MAX_NOTES:,} Notizen sein.</translation>
    </message>
    <message>
        <source>must be an object { ... } with each field once.</source>
        <translation>muss ein Objekt { ... } mit jedem Feld genau einmal sein.</translation>
    </message>
</context>
<context>
    <name>Recorded</name>
    <message>
        <source>Recorded from line {line} of the script: its values are what the script had there (a tensor the trace did not see made, such as what torch.load read or a deep copy), not computed by the graph; an edit upstream does not change them.</source>
        <translation>Aufgezeichnet aus Zeile {line} des Skripts: Seine Werte sind die, die das Skript dort hatte (ein Tensor, dessen Entstehung die Verfolgung nicht gesehen hat, etwa was torch.load gelesen hat oder eine tiefe Kopie), nicht vom Graphen berechnet; eine Änderung weiter oben ändert sie nicht.</translation>
    </message>
    <message>
        <source>What this step holds was recorded when the script ran; the graph has been edited since, so it may no longer be what the program would print.</source>
        <translation>Was dieser Schritt enthält, wurde beim Lauf des Skripts aufgezeichnet; der Graph wurde seitdem bearbeitet, daher ist es womöglich nicht mehr das, was das Programm ausgeben würde.</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>{title} (autosaved {when})</source>
        <translation>{title} (automatisch gesichert {when})</translation>
    </message>
    <message>
        <source>the graph could not be written ({exc})</source>
        <translation>der Graph konnte nicht geschrieben werden ({exc})</translation>
    </message>
    <message>
        <source>the graph could not be written ({error})</source>
        <translation>der Graph konnte nicht geschrieben werden ({error})</translation>
    </message>
    <message>
        <source>Restore unsaved work?</source>
        <translation>Ungesicherte Arbeit wiederherstellen?</translation>
    </message>
    <message>
        <source> {others} more can be restored at the next start.</source>
        <translation> {others} weitere können beim nächsten Start wiederhergestellt werden.</translation>
    </message>
    <message>
        <source>GradStudio did not close properly. Unsaved work on {v} can be restored.{more}</source>
        <translation>GradStudio wurde nicht ordnungsgemäß beendet. Ungesicherte Arbeit an {v} kann wiederhergestellt werden.{more}</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Später</translation>
    </message>
</context>
<context>
    <name>Regions</name>
    <message>
        <source>Take {v} out of no_grad</source>
        <translation>{v} aus no_grad nehmen</translation>
    </message>
</context>
<context>
    <name>Run</name>
    <message>
        <source>Choose the {role} of this action.</source>
        <translation>Wähle {role} dieser Aktion.</translation>
    </message>
    <message>
        <source>The {role} node &apos;{node}&apos; no longer exists.</source>
        <translation>Der Knoten &apos;{node}&apos; ({role}) existiert nicht mehr.</translation>
    </message>
    <message>
        <source>Its {role} &apos;{node}&apos; is computed later, at {when}: move this step after that one.</source>
        <translation>&apos;{node}&apos; ({role}) wird erst später berechnet, bei {when}: Verschiebe diesen Schritt hinter jenen.</translation>
    </message>
    <message>
        <source>Its {role} &apos;{node}&apos; has an error; fix that node first.</source>
        <translation>&apos;{node}&apos; ({role}) hat einen Fehler; behebe zuerst diesen Knoten.</translation>
    </message>
    <message>
        <source>{kind} did not produce a tensor.</source>
        <translation>{kind} hat keinen Tensor erzeugt.</translation>
    </message>
    <message>
        <source>A Function output takes a custom Function that returns several tensors (return y, aux) on its port.</source>
        <translation>Eine Function-Ausgabe nimmt an ihrem Port eine eigene Function, die mehrere Tensoren zurückgibt (return y, aux).</translation>
    </message>
    <message>
        <source>Its Function has {n} outputs, numbered 0 to {last}: output {k} does not exist.</source>
        <translation>Seine Function hat {n} Ausgaben, nummeriert von 0 bis {last}: Ausgabe {k} gibt es nicht.</translation>
    </message>
    <message>
        <source>Not computed: its Function has an error.</source>
        <translation>Nicht berechnet: seine Function hat einen Fehler.</translation>
    </message>
    <message>
        <source>Connect an input to &apos;{missing}&apos; to compute this node.</source>
        <translation>Verbinde eine Eingabe mit &apos;{missing}&apos;, um diesen Knoten zu berechnen.</translation>
    </message>
    <message>
        <source>Not computed: its input &apos;{name}&apos; has an error.</source>
        <translation>Nicht berechnet: Seine Eingabe &apos;{name}&apos; hat einen Fehler.</translation>
    </message>
    <message>
        <source>Choose the {what} of this step.</source>
        <translation>Wähle {what} dieses Schritts.</translation>
    </message>
    <message>
        <source>Its {what} is made at a later step: move the {what} before this step.</source>
        <translation>{what} wird erst in einem späteren Schritt erstellt: Verschiebe {what} vor diesen Schritt.</translation>
    </message>
    <message>
        <source>Its {what} no longer exists: choose another.</source>
        <translation>{what} existiert nicht mehr: Wähle einen anderen.</translation>
    </message>
    <message>
        <source>Its {what} could not be made: see the error at its step.</source>
        <translation>{what} konnte nicht erstellt werden: Siehe den Fehler bei seinem Schritt.</translation>
    </message>
    <message>
        <source>Runs at the end of each epoch: not in this iteration.</source>
        <translation>Läuft am Ende jeder Epoche: nicht in diesem Durchlauf.</translation>
    </message>
    <message>
        <source>Live run: {stopped:,} of {count:,} iterations so far (Keep makes it the document&apos;s loop, Discard goes back to the document&apos;s run).</source>
        <translation>Live-Lauf: bisher {stopped:,} von {count:,} Iterationen (Übernehmen macht ihn zur Schleife des Dokuments, Verwerfen kehrt zum Lauf des Dokuments zurück).</translation>
    </message>
    <message>
        <source>Stopped after {stopped:,} of {count:,} iterations: the run took longer than {seconds} s. Lower the count to see the end.</source>
        <translation>Nach {stopped:,} von {count:,} Iterationen angehalten: Der Lauf dauerte länger als {seconds} s. Verringere die Anzahl, um das Ende zu sehen.</translation>
    </message>
    <message>
        <source>Not reached in iteration {number}: the loop stopped at the error above.</source>
        <translation>In Iteration {number} nicht erreicht: Die Schleife hielt beim Fehler oben an.</translation>
    </message>
    <message>
        <source>Not run in the iteration asked for: the loop stopped early.</source>
        <translation>In der gewünschten Iteration nicht ausgeführt: Die Schleife hielt früher an.</translation>
    </message>
    <message>
        <source>Not computed: an input is computed at step {latest}, after this node&apos;s step {at}; compute this node at a later step.</source>
        <translation>Nicht berechnet: Eine Eingabe wird erst in Schritt {latest} berechnet, nach dem Schritt {at} dieses Knotens; berechne diesen Knoten in einem späteren Schritt.</translation>
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

Warum keine grad_fn: </translation>
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
        <translation>„{name}“ wurde auf der Festplatte geändert, seit du die Datei geöffnet oder zuletzt gespeichert hast (von einem anderen Fenster oder Programm); jetzt zu speichern, würde diese Änderungen ersetzen.</translation>
    </message>
    <message>
        <source>“{name}” is read-only; saving now would replace it anyway.</source>
        <translation>„{name}“ ist schreibgeschützt; jetzt zu speichern, würde die Datei trotzdem ersetzen.</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>Die Datei ersetzen?</translation>
    </message>
    <message>
        <source>Overwrite it, save under another name, or cancel the save.</source>
        <translation>Überschreiben, unter einem anderen Namen speichern oder das Speichern abbrechen.</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>Speichern unter…</translation>
    </message>
</context>
<context>
    <name>Screenshots</name>
    <message>
        <source>window size, WIDTHxHEIGHT</source>
        <translation>Fenstergröße, BREITExHÖHE</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>{n} more</source>
        <translation>{n} weitere</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>lost its grad_fn</source>
        <translation>verlor seine grad_fn</translation>
    </message>
    <message>
        <source>lost their grad_fn</source>
        <translation>verloren ihre grad_fn</translation>
    </message>
    <message>
        <source>gained a grad_fn</source>
        <translation>bekam eine grad_fn</translation>
    </message>
    <message>
        <source>lost its .grad</source>
        <translation>verlor sein .grad</translation>
    </message>
    <message>
        <source>lost their .grad</source>
        <translation>verloren ihr .grad</translation>
    </message>
    <message>
        <source>gained a .grad</source>
        <translation>bekam ein .grad</translation>
    </message>
    <message>
        <source>now fails</source>
        <translation>schlägt jetzt fehl</translation>
    </message>
    <message>
        <source>now fail</source>
        <translation>schlagen jetzt fehl</translation>
    </message>
    <message>
        <source>no longer fails</source>
        <translation>schlägt nicht mehr fehl</translation>
    </message>
    <message>
        <source>no longer fail</source>
        <translation>schlagen nicht mehr fehl</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>&apos;{key}&apos; is the shortcut of both {v} and {name}</source>
        <translation>„{key}“ ist das Tastenkürzel von {v} und von {name}</translation>
    </message>
</context>
<context>
    <name>Tasks</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
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
        <translation>Tensoren zeigen</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Train…</source>
        <translation>Trainieren…</translation>
    </message>
    <message>
        <source>Insert a training loop for a loss: forward, backward, update, zero_grad, repeated</source>
        <translation>Eine Trainingsschleife für einen Verlust einfügen: forward, backward, Update, zero_grad, wiederholt</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Move the action earlier</source>
        <translation>Die Aktion früher ausführen</translation>
    </message>
    <message>
        <source>Move the action later</source>
        <translation>Die Aktion später ausführen</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteration</translation>
    </message>
    <message>
        <source>Backward step</source>
        <translation>Backward</translation>
    </message>
    <message>
        <source>Each grad_fn the backward pass runs, in engine order (Step Through Backward shows the chain rule)</source>
        <translation>Jede grad_fn, die der Rückwärtsdurchlauf ausführt, in der Reihenfolge der Engine (Backward schrittweise zeigt die Kettenregel)</translation>
    </message>
    <message>
        <source>no backward pass at this step</source>
        <translation>hier kein Rückwärtsdurchlauf</translation>
    </message>
    <message>
        <source>999 of 999: AccumulateGrad</source>
        <translation>999/999: AccumulateGrad</translation>
    </message>
    <message>
        <source>after forward</source>
        <translation>nach forward</translation>
    </message>
    <message>
        <source>after step {step}: {v}</source>
        <translation>nach Schritt {step}: {v}</translation>
    </message>
    <message>
        <source>, in iteration {v} of {v2}</source>
        <translation>, in Iteration {v} von {v2}</translation>
    </message>
    <message>
        <source>   ⚠ recorded before your edits</source>
        <translation>   ⚠ vor deinen Änderungen aufgezeichnet</translation>
    </message>
    <message>
        <source>printed: </source>
        <translation>ausgegeben: </translation>
    </message>
    <message>
        <source>: before it</source>
        <translation>: davor</translation>
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
        <translation>Noch keine Aktionen: Nur der Vorwärtsdurchlauf läuft. Wähle einen Knoten und drücke Strg+B (oder Hinzufügen ▸ backward()), um danach sein backward() aufzurufen.</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Select an action to change it.</source>
        <translation>Wähle eine Aktion, um sie zu ändern.</translation>
    </message>
    <message>
        <source>Step {step}, {v}, freed the saved tensors this step needs. Passing retain_graph=True there keeps them (ticking it on this step only keeps them for a later one).</source>
        <translation>Schritt {step}, {v}, hat die gespeicherten Tensoren freigegeben, die dieser Schritt braucht. retain_graph=True dort zu übergeben, behält sie (es auf diesem Schritt anzuhaken, behält sie nur für einen späteren).</translation>
    </message>
    <message>
        <source>Tick retain_graph on step {step}</source>
        <translation>retain_graph bei Schritt {step} anhaken</translation>
    </message>
    <message>
        <source>Pass gradient=torch.ones_like({name})</source>
        <translation>gradient=torch.ones_like({name}) übergeben</translation>
    </message>
    <message>
        <source>backward() of a tensor with {v} elements needs the vector v of the vector-Jacobian product vᵀJ: ones add up every element&apos;s gradient, as {name}.sum().backward() would.</source>
        <translation>backward() eines Tensors mit {v} Elementen braucht den Vektor v des Vektor-Jacobi-Produkts vᵀJ: Einsen summieren den Gradienten jedes Elements, wie es {name}.sum().backward() täte.</translation>
    </message>
    <message>
        <source>None (unused)</source>
        <translation>None (ungenutzt)</translation>
    </message>
    <message>
        <source>&lt;b&gt;returned&lt;/b&gt;&lt;br&gt;</source>
        <translation>&lt;b&gt;zurückgegeben&lt;/b&gt;&lt;br&gt;</translation>
    </message>
    <message>
        <source>PyTorch&apos;s default ({v})</source>
        <translation>PyTorchs Vorgabe ({v})</translation>
    </message>
    <message>
        <source>one number per group: 0.05, 0.2</source>
        <translation>eine Zahl je Gruppe: 0.05, 0.2</translation>
    </message>
    <message>
        <source>every group</source>
        <translation>jede Gruppe</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a number; leave it empty for PyTorch&apos;s default.</source>
        <translation>„{text}“ ist keine Zahl; leer lassen für PyTorchs Vorgabe.</translation>
    </message>
</context>
<context>
    <name>TimelineEditors</name>
    <message>
        <source>The gradient flowing into {name}: the vector v of vᵀJ, shaped like {name} ((none): 1, for a one-element {name})</source>
        <translation>Der Gradient, der in {name} fließt: der Vektor v von vᵀJ, geformt wie {name} ((none): 1, für ein {name} mit einem Element)</translation>
    </message>
    <message>
        <source>for {name}</source>
        <translation>für {name}</translation>
    </message>
    <message>
        <source>Choose the outputs first.</source>
        <translation>Wähle zuerst die Ausgaben.</translation>
    </message>
    <message>
        <source>… and {v} more lines</source>
        <translation>… und {v} weitere Zeilen</translation>
    </message>
    <message>
        <source>Its hooks printed:
</source>
        <translation>Seine Hooks gaben aus:
</translation>
    </message>
</context>
<context>
    <name>TimelineGroups</name>
    <message>
        <source>the optimizer&apos;s lr</source>
        <translation>lr des Optimierers</translation>
    </message>
    <message>
        <source>The learning rate of group {k} ({tensors}); leave it empty for the optimizer&apos;s own lr.</source>
        <translation>Die Lernrate der Gruppe {k} ({tensors}); leer lassen für die lr des Optimierers.</translation>
    </message>
    <message>
        <source>group {k} lr</source>
        <translation>Gruppe {k} lr</translation>
    </message>
</context>
<context>
    <name>TimelineMenu</name>
    <message>
        <source>Insert after</source>
        <translation>Einfügen nach</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
</context>
<context>
    <name>Trace</name>
    <message>
        <source>The script must be text.</source>
        <translation>Das Skript muss Text sein.</translation>
    </message>
    <message>
        <source>The script is larger than 1 MB; trace a shorter one.</source>
        <translation>Das Skript ist größer als 1 MB; verfolge ein kürzeres.</translation>
    </message>
    <message>
        <source>Could not start Python to run the script ({exc}).</source>
        <translation>Python ließ sich nicht starten, um das Skript auszuführen ({exc}).</translation>
    </message>
    <message>
        <source>The script produced a graph too large to open.</source>
        <translation>Das Skript hat einen Graphen erzeugt, der zu groß zum Öffnen ist.</translation>
    </message>
    <message>
        <source>It printed more than {size} MB of errors; the rest was cut.</source>
        <translation>Es hat mehr als {size} MB Fehler ausgegeben; der Rest wurde abgeschnitten.</translation>
    </message>
    <message>
        <source>The script stopped Python before it finished (exit code {code}){detail}.</source>
        <translation>Das Skript hat Python beendet, bevor es fertig war (Exit-Code {code}){detail}.</translation>
    </message>
    <message>
        <source>The traced program could not be drawn: {exc}</source>
        <translation>Das verfolgte Programm ließ sich nicht zeichnen: {exc}</translation>
    </message>
    <message>
        <source>The trace was cancelled.</source>
        <translation>Die Verfolgung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The script was still running after {seconds} seconds on the clock and was stopped (its limit of {limit} seconds counts only the time it computes; it was waiting, or the computer was too busy to run it).</source>
        <translation>Das Skript lief nach {seconds} Sekunden auf der Uhr noch und wurde angehalten (seine Grenze von {limit} Sekunden zählt nur die Zeit, in der es rechnet; es hat gewartet, oder der Computer war zu ausgelastet, um es auszuführen).</translation>
    </message>
    <message>
        <source>The script could not be traced.</source>
        <translation>Das Skript ließ sich nicht verfolgen.</translation>
    </message>
    <message>
        <source>line {line}: GradStudio cannot trace this: {reason}.</source>
        <translation>Zeile {line}: GradStudio kann das nicht verfolgen: {reason}.</translation>
    </message>
    <message>
        <source>GradStudio cannot trace this: {reason}.</source>
        <translation>GradStudio kann das nicht verfolgen: {reason}.</translation>
    </message>
    <message>
        <source>The script computed for more than {seconds} seconds of processor time (an endless loop?) and was stopped.</source>
        <translation>Das Skript hat mehr als {seconds} Sekunden Prozessorzeit gerechnet (eine Endlosschleife?) und wurde angehalten.</translation>
    </message>
    <message>
        <source>The script stopped with exit status {code}.</source>
        <translation>Das Skript wurde mit dem Exit-Status {code} beendet.</translation>
    </message>
    <message>
        <source>The trace&apos;s result was rejected because the script wrote into the tracer&apos;s channel; trace it without writing to descriptors it did not open.</source>
        <translation>Das Ergebnis der Verfolgung wurde verworfen, weil das Skript in den Kanal der Verfolgung geschrieben hat; verfolgen Sie es, ohne in Deskriptoren zu schreiben, die es nicht selbst geöffnet hat.</translation>
    </message>
</context>
<context>
    <name>TraceCheck</name>
    <message>
        <source>{name} would have shape {got} where the script&apos;s had {want}</source>
        <translation>{name} hätte die Form {got}, wo die des Skripts {want} war</translation>
    </message>
    <message>
        <source>{what} after {step}</source>
        <translation>{what} nach {step}</translation>
    </message>
    <message>
        <source>the graph would differ from the script from {where}: {what}</source>
        <translation>der Graph würde ab {where} vom Skript abweichen: {what}</translation>
    </message>
    <message>
        <source>The graph would differ from the script from {where}: {what}, so it was not drawn.</source>
        <translation>Der Graph würde ab {where} vom Skript abweichen: {what}; deshalb wurde er nicht gezeichnet.</translation>
    </message>
    <message>
        <source>its hooks would print other lines during the forward pass than the script&apos;s</source>
        <translation>seine Hooks würden im Vorwärtsdurchlauf andere Zeilen ausgeben als die des Skripts</translation>
    </message>
    <message>
        <source>{what} at the end</source>
        <translation>{what} am Ende</translation>
    </message>
    <message>
        <source>{name} is changed later by something the graph cannot show</source>
        <translation>{name} wird später durch etwas geändert, das der Graph nicht zeigen kann</translation>
    </message>
    <message>
        <source>line {line} ({code})</source>
        <translation>Zeile {line} ({code})</translation>
    </message>
    <message>
        <source>the start</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>{name} would fail ({error}) where the script computed it</source>
        <translation>{name} würde fehlschlagen ({error}), wo das Skript es berechnet hat</translation>
    </message>
    <message>
        <source>{name} would be {dtype} where the script made {want}</source>
        <translation>{name} wäre {dtype}, wo das Skript {want} erzeugt hat</translation>
    </message>
    <message>
        <source>{name} would have grad_fn {got} where the script&apos;s had {want}</source>
        <translation>{name} hätte grad_fn {got}, wo der des Skripts {want} hatte</translation>
    </message>
    <message>
        <source>the script&apos;s step {kind} would be missing</source>
        <translation>der Schritt {kind} des Skripts würde fehlen</translation>
    </message>
    <message>
        <source>the {kind} step</source>
        <translation>Schritt {kind}</translation>
    </message>
    <message>
        <source>what its hooks print during {step} would differ from what the script&apos;s did</source>
        <translation>was seine Hooks während {step} ausgeben, würde von dem abweichen, was die des Skripts ausgaben</translation>
    </message>
    <message>
        <source>{step} would fail ({error})</source>
        <translation>{step} würde fehlschlagen ({error})</translation>
    </message>
    <message>
        <source>{step} would succeed where the script&apos;s raised an error</source>
        <translation>{step} würde gelingen, wo der des Skripts einen Fehler auslöste</translation>
    </message>
    <message>
        <source>the gradient {j} it returns</source>
        <translation>der Gradient {j}, den er zurückgibt</translation>
    </message>
    <message>
        <source>the loop would stop after {done} of its {count} iterations</source>
        <translation>die Schleife würde nach {done} ihrer {count} Iterationen anhalten</translation>
    </message>
    <message>
        <source>what its hooks print would differ in iteration {k} of the loop</source>
        <translation>was seine Hooks ausgeben, würde in Iteration {k} der Schleife abweichen</translation>
    </message>
    <message>
        <source>{what} in iteration {k} of the loop</source>
        <translation>{what} in Iteration {k} der Schleife</translation>
    </message>
    <message>
        <source>{what} in the last iteration of the loop</source>
        <translation>{what} in der letzten Iteration der Schleife</translation>
    </message>
    <message>
        <source>{name} would be None where the script had a gradient</source>
        <translation>{name} wäre None, wo das Skript einen Gradienten hatte</translation>
    </message>
    <message>
        <source>{name} would be a gradient where the script had None</source>
        <translation>{name} wäre ein Gradient, wo das Skript None hatte</translation>
    </message>
    <message>
        <source>{name} would hold other values than the script&apos;s</source>
        <translation>{name} würde andere Werte enthalten als das des Skripts</translation>
    </message>
    <message>
        <source>{name}{index} would be {got} where the script computed {want}</source>
        <translation>{name}{index} wäre {got}, wo das Skript {want} berechnet hat</translation>
    </message>
</context>
<context>
    <name>TraceNotes</name>
    <message>
        <source>line {line}</source>
        <translation>Zeile {line}</translation>
    </message>
    <message>
        <source>cell {cell}, line {line}</source>
        <translation>Zelle {cell}, Zeile {line}</translation>
    </message>
    <message>
        <source>Cell {cell}</source>
        <translation>Zelle {cell}</translation>
    </message>
    <message>
        <source>Cell {cell}, line {line}</source>
        <translation>Zelle {cell}, Zeile {line}</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What it printed is recorded as text and everything after it is drawn.</source>
        <translation>Nicht gezeichnet: {parts}. Was dieser Teil ausgegeben hat, ist als Text aufgezeichnet, und alles danach ist gezeichnet.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What it printed is recorded as text, 1 tensor the graph uses from it is a recorded value (marked with the line that made it), and everything after it is drawn.</source>
        <translation>Nicht gezeichnet: {parts}. Was dieser Teil ausgegeben hat, ist als Text aufgezeichnet, 1 Tensor daraus, den der Graph verwendet, ist ein aufgezeichneter Wert (markiert mit der Zeile, die ihn erzeugt hat), und alles danach ist gezeichnet.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What it printed is recorded as text, {count} tensors the graph uses from it are recorded values (marked with the line that made each), and everything after it is drawn.</source>
        <translation>Nicht gezeichnet: {parts}. Was dieser Teil ausgegeben hat, ist als Text aufgezeichnet, {count} Tensoren daraus, die der Graph verwendet, sind aufgezeichnete Werte (jeweils markiert mit der Zeile, die sie erzeugt hat), und alles danach ist gezeichnet.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What they printed is recorded as text and everything after them is drawn.</source>
        <translation>Nicht gezeichnet: {parts}. Was diese Teile ausgegeben haben, ist als Text aufgezeichnet, und alles danach ist gezeichnet.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What they printed is recorded as text, 1 tensor the graph uses from them is a recorded value (marked with the line that made it), and everything after them is drawn.</source>
        <translation>Nicht gezeichnet: {parts}. Was diese Teile ausgegeben haben, ist als Text aufgezeichnet, 1 Tensor daraus, den der Graph verwendet, ist ein aufgezeichneter Wert (markiert mit der Zeile, die ihn erzeugt hat), und alles danach ist gezeichnet.</translation>
    </message>
    <message>
        <source>Not drawn: {parts}. What they printed is recorded as text, {count} tensors the graph uses from them are recorded values (marked with the line that made each), and everything after them is drawn.</source>
        <translation>Nicht gezeichnet: {parts}. Was diese Teile ausgegeben haben, ist als Text aufgezeichnet, {count} Tensoren daraus, die der Graph verwendet, sind aufgezeichnete Werte (jeweils markiert mit der Zeile, die sie erzeugt hat), und alles danach ist gezeichnet.</translation>
    </message>
    <message>
        <source>Nothing of this program could be drawn ({reason}); what it printed is recorded, as text.</source>
        <translation>Nichts von diesem Programm konnte gezeichnet werden ({reason}); was es ausgegeben hat, ist als Text aufgezeichnet.</translation>
    </message>
    <message>
        <source>Drawn up to line {line}; from there on, what the program printed is recorded, as text, because {reason}.</source>
        <translation>Bis Zeile {line} gezeichnet; ab dort ist, was das Programm ausgegeben hat, als Text aufgezeichnet. Grund: {reason}.</translation>
    </message>
    <message>
        <source>Drawn up to where it could; from there on, what the program printed is recorded, as text, because {reason}.</source>
        <translation>So weit wie möglich gezeichnet; ab dort ist, was das Programm ausgegeben hat, als Text aufgezeichnet. Grund: {reason}.</translation>
    </message>
    <message>
        <source>It could not be drawn on after that with the values it computed recorded, because {reason}.</source>
        <translation>Danach konnte nicht mit aufgezeichneten berechneten Werten weitergezeichnet werden. Grund: {reason}.</translation>
    </message>
    <message>
        <source>lines {first}–{last}</source>
        <translation>Zeilen {first}–{last}</translation>
    </message>
    <message>
        <source>{lines} from line {line} on</source>
        <translation>{lines} ab Zeile {line}</translation>
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
        <translation>{name} gibt es in GradStudio noch nicht</translation>
    </message>
    <message>
        <source>a gradient is used as a value inside a training loop whose forward is computed once more just before the loop, which cannot be folded into one graph and a loop block</source>
        <translation>ein Gradient wird als Wert in einer Trainingsschleife verwendet, deren Vorwärtsdurchlauf direkt vor der Schleife noch einmal berechnet wird; das lässt sich nicht zu einem Graphen und einem Schleifenblock zusammenfassen</translation>
    </message>
    <message>
        <source>a tensor made in an earlier iteration of the training loop (such as a list of losses) is used after the loop, which one graph and a loop block cannot show</source>
        <translation>ein Tensor aus einer früheren Iteration der Trainingsschleife (etwa eine Liste von Verlusten) wird nach der Schleife verwendet; das können ein Graph und ein Schleifenblock nicht zeigen</translation>
    </message>
    <message>
        <source>a training loop whose forward moves a BatchNorm&apos;s running statistics, computed once more just before the loop, cannot be folded into one graph and a loop block: the graph would move them once more</source>
        <translation>eine Trainingsschleife, deren Vorwärtsdurchlauf die laufenden Statistiken einer BatchNorm verschiebt und direkt vor der Schleife noch einmal berechnet wird, kann nicht zu einem Graphen und einem Schleifenblock zusammengefasst werden: der Graph würde sie einmal mehr verschieben</translation>
    </message>
    <message>
        <source>a training loop whose forward draws random numbers, computed once more just before the loop, cannot be folded into one graph and a loop block: the graph would draw them in another order</source>
        <translation>eine Trainingsschleife, deren Vorwärtsdurchlauf Zufallszahlen zieht und direkt vor der Schleife noch einmal berechnet wird, lässt sich nicht zu einem Graphen und einem Schleifenblock zusammenfassen: Der Graph würde sie in anderer Reihenfolge ziehen</translation>
    </message>
    <message>
        <source>this training loop&apos;s iterations are not the same steps each time (a different batch, or a step only some iterations take), so it cannot be folded into a loop block, and drawn unrolled it would take more than {steps} training steps</source>
        <translation>die Iterationen dieser Trainingsschleife sind nicht jedes Mal dieselben Schritte (ein anderer Batch oder ein Schritt, den nur manche Iterationen machen); sie lässt sich daher nicht zu einem Schleifenblock zusammenfassen, und ausgerollt bräuchte sie mehr als {steps} Trainingsschritte</translation>
    </message>
    <message>
        <source>this training loop uses on line {at} ({code}) a tensor of an earlier iteration or one made before the iteration&apos;s step (such as total = total + loss, or losses.append(loss.detach()) after opt.step()), so it cannot be folded into a loop block, and drawn unrolled it would take more than {steps} training steps</source>
        <translation>diese Trainingsschleife verwendet in Zeile {at} ({code}) einen Tensor einer früheren Iteration oder einen vor dem Schritt der Iteration berechneten (etwa total = total + loss oder losses.append(loss.detach()) nach opt.step()), daher kann sie nicht zu einem Schleifenblock zusammengefasst werden, und ausgerollt gezeichnet bräuchte sie mehr als {steps} Trainingsschritte</translation>
    </message>
    <message>
        <source>this training loop computes on line {at} ({code}) a tensor after the iteration&apos;s step (such as losses.append(loss.detach()) after opt.step()), so it cannot be folded into a loop block, and drawn unrolled it would take more than {steps} training steps</source>
        <translation>diese Trainingsschleife berechnet in Zeile {at} ({code}) einen Tensor nach dem Schritt der Iteration (etwa losses.append(loss.detach()) nach opt.step()), daher kann sie nicht zu einem Schleifenblock zusammengefasst werden, und ausgerollt gezeichnet bräuchte sie mehr als {steps} Trainingsschritte</translation>
    </message>
    <message>
        <source>a training loop of more than {count} iterations cannot be drawn</source>
        <translation>eine Trainingsschleife mit mehr als {count} Iterationen kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>{what} cannot be drawn yet: a hook changes or reads gradients during backward, which the graph cannot show</source>
        <translation>{what} kann noch nicht gezeichnet werden: Ein Hook ändert oder liest Gradienten während backward, was der Graph nicht zeigen kann</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) cannot be drawn yet: it reads or changes gradients during backward, which the graph cannot show</source>
        <translation>der Rückwärts-Hook eines Moduls ({what}) kann noch nicht gezeichnet werden: er liest oder ändert Gradienten während backward, was der Graph nicht zeigen kann</translation>
    </message>
    <message>
        <source>forward-mode AD ({what}) cannot be drawn yet: the graph holds values and their gradients, not the tangents a dual tensor carries</source>
        <translation>Vorwärts-AD ({what}) kann noch nicht gezeichnet werden: der Graph hält Werte und ihre Gradienten, nicht die Tangenten, die ein dualer Tensor trägt</translation>
    </message>
    <message>
        <source>a hook can be drawn when it is a lambda or function of the script returning an expression of its gradient and numbers, such as lambda grad: grad * 10, or printing them, such as lambda grad: print(grad)</source>
        <translation>ein Hook kann gezeichnet werden, wenn er ein Lambda oder eine Funktion des Skripts ist, die einen Ausdruck aus seinem Gradienten und Zahlen zurückgibt, etwa lambda grad: grad * 10, oder sie ausgibt, etwa lambda grad: print(grad)</translation>
    </message>
    <message>
        <source>a hook the graph does not hold printed during this step</source>
        <translation>ein Hook, den der Graph nicht enthält, hat während dieses Schritts etwas ausgegeben</translation>
    </message>
    <message>
        <source>a hook run after the gradient is accumulated (register_post_accumulate_grad_hook) can be drawn when it prints p.grad or keeps an expression of it, such as lambda p: print(p.grad); this one does more</source>
        <translation>ein Hook, der nach dem Akkumulieren des Gradienten läuft (register_post_accumulate_grad_hook), kann gezeichnet werden, wenn er p.grad ausgibt oder einen Ausdruck davon behält, wie lambda p: print(p.grad); dieser tut mehr</translation>
    </message>
    <message>
        <source>this hook&apos;s text was not found in the script; {how}</source>
        <translation>der Text dieses Hooks wurde im Skript nicht gefunden; {how}</translation>
    </message>
    <message>
        <source>this hook ({name}) cannot be drawn yet; {how}</source>
        <translation>dieser Hook ({name}) kann noch nicht gezeichnet werden; {how}</translation>
    </message>
    <message>
        <source>a hook taking other arguments than the gradient cannot be drawn yet; {how}</source>
        <translation>ein Hook, der andere Argumente als den Gradienten nimmt, kann noch nicht gezeichnet werden; {how}</translation>
    </message>
    <message>
        <source>a hook whose body is more than one return or print cannot be drawn yet; {how}</source>
        <translation>ein Hook, dessen Rumpf mehr als ein return oder print ist, kann noch nicht gezeichnet werden; {how}</translation>
    </message>
    <message>
        <source>this hook cannot be drawn yet ({error}); {how}</source>
        <translation>dieser Hook kann noch nicht gezeichnet werden ({error}); {how}</translation>
    </message>
    <message>
        <source>several functions on one line: this hook cannot be drawn yet; {how}</source>
        <translation>mehrere Funktionen in einer Zeile: Dieser Hook kann noch nicht gezeichnet werden; {how}</translation>
    </message>
    <message>
        <source>a gradient used as a value inside this training loop cannot be drawn yet: the loop block cannot show where it is computed</source>
        <translation>ein Gradient, der in dieser Trainingsschleife als Wert verwendet wird, kann noch nicht gezeichnet werden: Der Schleifenblock kann nicht zeigen, wo er berechnet wird</translation>
    </message>
    <message>
        <source>a tensor a training loop computes from a random draw or a gradient of its iteration (such as X[idx] with idx = torch.randint(...) in the loop) is used after the loop, which cannot be drawn yet: the loop block computes it anew in every iteration</source>
        <translation>ein Tensor, den eine Trainingsschleife aus einer Zufallsziehung oder einem Gradienten ihrer Iteration berechnet (etwa X[idx] mit idx = torch.randint(...) in der Schleife), wird nach der Schleife verwendet; das kann noch nicht gezeichnet werden: Der Schleifenblock berechnet ihn in jeder Iteration neu</translation>
    </message>
    <message>
        <source>the tensor an nn.Parameter was made from is used again, which cannot be drawn yet: it shares the parameter&apos;s memory, so training the parameter changes it too; use the parameter itself</source>
        <translation>der Tensor, aus dem ein nn.Parameter erzeugt wurde, wird erneut verwendet; das kann noch nicht gezeichnet werden: Er teilt sich den Speicher mit dem Parameter, das Training des Parameters ändert also auch ihn; verwenden Sie den Parameter selbst</translation>
    </message>
    <message>
        <source>nn.Parameter of a tensor the script already computes with cannot be drawn yet: make the parameter from a new tensor, as nn.Parameter(torch.randn(3)) does</source>
        <translation>nn.Parameter aus einem Tensor, mit dem das Skript schon rechnet, kann noch nicht gezeichnet werden: Erzeugen Sie den Parameter aus einem neuen Tensor, wie es nn.Parameter(torch.randn(3)) tut</translation>
    </message>
    <message>
        <source>nn.Parameter() without a tensor cannot be drawn yet: give it the tensor it starts from, as nn.Parameter(torch.zeros(3))</source>
        <translation>nn.Parameter() ohne Tensor kann noch nicht gezeichnet werden: Geben Sie ihm den Tensor, mit dem er beginnt, wie nn.Parameter(torch.zeros(3))</translation>
    </message>
    <message>
        <source>an nn.Embedding made from a given weight cannot be drawn yet: let it draw its own, or use F.embedding with a tensor of yours</source>
        <translation>ein nn.Embedding aus einem vorgegebenen Gewicht kann noch nicht gezeichnet werden: Lassen Sie es sein eigenes ziehen oder verwenden Sie F.embedding mit einem eigenen Tensor</translation>
    </message>
    <message>
        <source>an in-place update of a leaf that requires grad can be drawn only as a training step of the form w -= lr * w.grad (or w.data -= lr * w.grad, or w.sub_(lr * w.grad)) with lr a plain number</source>
        <translation>eine In-place-Änderung eines Blatts, das Gradienten benötigt, kann nur als Trainingsschritt der Form w -= lr * w.grad (oder w.data -= lr * w.grad oder w.sub_(lr * w.grad)) mit einer einfachen Zahl lr gezeichnet werden</translation>
    </message>
    <message>
        <source>writing through .data (such as w.data.zero_() or w.data = ...) cannot be drawn yet, except as a training step w.data -= lr * w.grad or a parameter&apos;s change by a plain number (w.data.clamp_(-1, 1), w.data.mul_(0.99)): it changes a tensor without autograd seeing it</source>
        <translation>Schreiben über .data (etwa w.data.zero_() oder w.data = ...) kann noch nicht gezeichnet werden, außer als Trainingsschritt w.data -= lr * w.grad oder als Änderung eines Parameters um eine einfache Zahl (w.data.clamp_(-1, 1), w.data.mul_(0.99)): Es ändert einen Tensor, ohne dass autograd es sieht</translation>
    </message>
    <message>
        <source>an in-place {method} of a leaf that requires grad (a parameter) cannot be drawn yet: the graph draws an in-place change of a parameter only as a training step w -= lr * w.grad</source>
        <translation>ein In-place-{method} eines Blatts, das requires_grad hat (eines Parameters), kann noch nicht gezeichnet werden: Der Graph zeichnet eine In-place-Änderung eines Parameters nur als Trainingsschritt w -= lr * w.grad</translation>
    </message>
    <message>
        <source>a number read from a tensor (such as loss.item() or x.tolist()) is used to compute a new tensor, which cannot be drawn yet: the graph would hold it as a constant</source>
        <translation>eine aus einem Tensor gelesene Zahl (etwa loss.item() oder x.tolist()) wird verwendet, um einen neuen Tensor zu berechnen; das kann noch nicht gezeichnet werden: Der Graph würde sie als Konstante festhalten</translation>
    </message>
    <message>
        <source>a numpy value is used to compute a new tensor after the script read a tensor as a numpy array (x.numpy()); GradStudio cannot tell whether it holds that tensor&apos;s numbers, so it does not draw it as a constant</source>
        <translation>ein numpy-Wert wird verwendet, um einen neuen Tensor zu berechnen, nachdem das Skript einen Tensor als numpy-Array gelesen hat (x.numpy()); GradStudio kann nicht erkennen, ob er die Zahlen dieses Tensors enthält, und zeichnet ihn daher nicht als Konstante</translation>
    </message>
    <message>
        <source>the rows random_split chose at line {made} are used to compute a new tensor, which cannot be drawn yet: the graph would hold those rows as constants</source>
        <translation>die Zeilen, die random_split in Zeile {made} gewählt hat, werden für einen neuen Tensor verwendet, was noch nicht gezeichnet werden kann: der Graph hielte diese Zeilen als Konstanten</translation>
    </message>
    <message>
        <source>the DataLoader at line {loading} makes its batches from the rows random_split chose at line {made}, which cannot be drawn yet unless the split is of a TensorDataset of the graph&apos;s tensors: the graph would hold those rows as constants</source>
        <translation>der DataLoader in Zeile {loading} bildet seine Batches aus den Zeilen, die random_split in Zeile {made} gewählt hat, was noch nicht gezeichnet werden kann, außer die Aufteilung betrifft ein TensorDataset aus Tensoren des Graphen: der Graph hielte diese Zeilen als Konstanten</translation>
    </message>
    <message>
        <source>the number</source>
        <translation>die Zahl</translation>
    </message>
    <message>
        <source>the fill value</source>
        <translation>der Füllwert</translation>
    </message>
    <message>
        <source>{what} must be a plain number to be drawn</source>
        <translation>{what} muss eine einfache Zahl sein, um gezeichnet zu werden</translation>
    </message>
    <message>
        <source>an in-place update of a view (such as v = x[1:]; v += 5, or x[1:].mul_(3)) cannot be drawn: it changes the tensor it views; compute a new tensor instead, or write x[1:] += 5</source>
        <translation>eine In-place-Änderung einer Ansicht (etwa v = x[1:]; v += 5 oder x[1:].mul_(3)) kann nicht gezeichnet werden: Sie ändert den Tensor, den sie zeigt; berechnen Sie stattdessen einen neuen Tensor oder schreiben Sie x[1:] += 5</translation>
    </message>
    <message>
        <source>an in-place update of a part of a tensor that requires grad (such as y[0] += 5 or y[1:].mul_(3)) cannot be drawn yet; compute a new tensor instead (for example with torch.cat)</source>
        <translation>eine In-place-Änderung eines Teils eines Tensors, der Gradienten benötigt (etwa y[0] += 5 oder y[1:].mul_(3)), kann noch nicht gezeichnet werden; berechnen Sie stattdessen einen neuen Tensor (zum Beispiel mit torch.cat)</translation>
    </message>
    <message>
        <source>assigning into a .grad (x.grad[0] = 0) cannot be drawn yet</source>
        <translation>eine Zuweisung in ein .grad (x.grad[0] = 0) kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>assigning through .data (x.data[0] = 0) cannot be drawn: it changes a tensor without autograd seeing it</source>
        <translation>eine Zuweisung über .data (x.data[0] = 0) kann nicht gezeichnet werden: Sie ändert einen Tensor, ohne dass autograd es sieht</translation>
    </message>
    <message>
        <source>an in-place update of a tensor that shares its memory with another (through x.detach() or x.data) cannot be drawn: it changes both; compute a new tensor instead</source>
        <translation>eine In-place-Änderung eines Tensors, der sich den Speicher mit einem anderen teilt (über x.detach() oder x.data), kann nicht gezeichnet werden: Sie ändert beide; berechnen Sie stattdessen einen neuen Tensor</translation>
    </message>
    <message>
        <source>this assignment cannot be drawn yet; index with integers, slices, lists and at most two tensors (x[mask] = 0, x[:, idx] = v)</source>
        <translation>diese Zuweisung kann noch nicht gezeichnet werden; indizieren Sie mit ganzen Zahlen, Slices, Listen und höchstens zwei Tensoren (x[mask] = 0, x[:, idx] = v)</translation>
    </message>
    <message>
        <source>the value written</source>
        <translation>der geschriebene Wert</translation>
    </message>
    <message>
        <source>backward(inputs=...) cannot be drawn</source>
        <translation>backward(inputs=...) kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>backward&apos;s gradient must be a tensor to be drawn</source>
        <translation>der Gradient von backward muss ein Tensor sein, um gezeichnet zu werden</translation>
    </message>
    <message>
        <source>torch.autograd.backward with several tensors cannot be drawn; call backward on each</source>
        <translation>torch.autograd.backward mit mehreren Tensoren kann nicht gezeichnet werden; rufen Sie backward für jeden auf</translation>
    </message>
    <message>
        <source>torch.autograd.grad&apos;s grad_outputs can be drawn only as one tensor or None per output</source>
        <translation>die grad_outputs von torch.autograd.grad können nur als ein Tensor oder None je Ausgabe gezeichnet werden</translation>
    </message>
    <message>
        <source>{what} cannot be drawn unless it is a plain, finite number</source>
        <translation>{what} kann nur gezeichnet werden, wenn es eine einfache, endliche Zahl ist</translation>
    </message>
    <message>
        <source>gradient clipping cannot be drawn unless it is given a tensor or a list of tensors (such as model.parameters())</source>
        <translation>Gradient-Clipping kann nur gezeichnet werden, wenn es einen Tensor oder eine Liste von Tensoren erhält (etwa model.parameters())</translation>
    </message>
    <message>
        <source>clip_grad_norm_(..., foreach=...) cannot be drawn yet</source>
        <translation>clip_grad_norm_(..., foreach=...) kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>clip_grad_norm_ with norm_type={norm} cannot be drawn yet: a document clips by the 2-norm, the 1-norm or the largest value (inf)</source>
        <translation>clip_grad_norm_ mit norm_type={norm} kann noch nicht gezeichnet werden: Ein Dokument begrenzt nach der 2-Norm, der 1-Norm oder dem größten Wert (inf)</translation>
    </message>
    <message>
        <source>clip_grad_value_(..., foreach=...) cannot be drawn yet</source>
        <translation>clip_grad_value_(..., foreach=...) kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>load_state_dict(..., assign=True) cannot be drawn yet: it replaces the parameters instead of loading values into them</source>
        <translation>load_state_dict(..., assign=True) kann noch nicht gezeichnet werden: Es ersetzt die Parameter, statt Werte in sie zu laden</translation>
    </message>
    <message>
        <source>load_state_dict cannot be drawn unless the state_dict holds exactly the module&apos;s parameters and buffers, by name (or strict=False)</source>
        <translation>load_state_dict kann nur gezeichnet werden, wenn das state_dict genau die Parameter und Buffer des Moduls enthält, nach Namen (oder mit strict=False)</translation>
    </message>
    <message>
        <source>load_state_dict cannot be drawn unless {name} is a tensor of the parameter&apos;s shape</source>
        <translation>load_state_dict kann nur gezeichnet werden, wenn {name} ein Tensor in der Form des Parameters ist</translation>
    </message>
    <message>
        <source>torch.set_printoptions(profile={profile}) cannot be drawn: a profile is &apos;default&apos;, &apos;short&apos; or &apos;full&apos;</source>
        <translation>torch.set_printoptions(profile={profile}) kann nicht gezeichnet werden: Ein Profil ist &apos;default&apos;, &apos;short&apos; oder &apos;full&apos;</translation>
    </message>
    <message>
        <source>torch.set_printoptions({name}={value}) cannot be drawn unless {name} is a plain, finite number</source>
        <translation>torch.set_printoptions({name}={value}) kann nur gezeichnet werden, wenn {name} eine einfache, endliche Zahl ist</translation>
    </message>
    <message>
        <source>torch.set_printoptions(sci_mode={value}) cannot be drawn unless sci_mode is True, False or None</source>
        <translation>torch.set_printoptions(sci_mode={value}) kann nur gezeichnet werden, wenn sci_mode True, False oder None ist</translation>
    </message>
    <message>
        <source>retain_grad() is called here after a backward pass that ran after the tensor was computed; a graph marks a tensor for the whole program. Call retain_grad() right after computing the tensor.</source>
        <translation>retain_grad() wird hier nach einem Rückwärtsdurchlauf aufgerufen, der nach der Berechnung des Tensors lief; ein Graph markiert einen Tensor für das ganze Programm. Rufen Sie retain_grad() direkt nach der Berechnung des Tensors auf.</translation>
    </message>
    <message>
        <source>this indexing with a tensor cannot be drawn yet; use at most two tensors with integers, slices and lists (x[mask], x[:, idx], x[rows, cols])</source>
        <translation>diese Indizierung mit einem Tensor kann noch nicht gezeichnet werden; verwenden Sie höchstens zwei Tensoren mit ganzen Zahlen, Slices und Listen (x[mask], x[:, idx], x[rows, cols])</translation>
    </message>
    <message>
        <source>the {name} of torch.where</source>
        <translation>{name} von torch.where</translation>
    </message>
    <message>
        <source>{kind} with class probabilities as the target cannot be drawn yet</source>
        <translation>{kind} mit Klassenwahrscheinlichkeiten als Ziel kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>a {dtype} tensor cannot be drawn</source>
        <translation>ein {dtype}-Tensor kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>torch.{kind}(..., generator=) cannot be drawn yet</source>
        <translation>torch.{kind}(..., generator=) kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>a draw from a torch.Generator whose state changed outside the graph&apos;s draws (set_state, a draw the graph has no node for) cannot be drawn yet</source>
        <translation>eine Ziehung aus einem torch.Generator, dessen Zustand sich außerhalb der Ziehungen des Graphen geändert hat (set_state, eine Ziehung ohne Knoten im Graphen), kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>{what} cannot be drawn yet</source>
        <translation>{what} kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>Tensor.{kind}_ cannot be drawn yet, except on a new torch.empty tensor, or a parameter nothing used yet</source>
        <translation>Tensor.{kind}_ kann noch nicht gezeichnet werden, außer auf einem neuen torch.empty-Tensor oder einem noch unbenutzten Parameter</translation>
    </message>
    <message>
        <source>a document&apos;s seed is from 0 to 2**63 - 1</source>
        <translation>der Seed eines Dokuments liegt zwischen 0 und 2**63 - 1</translation>
    </message>
    <message>
        <source>changing a .grad in place (other than {points}) cannot be drawn yet</source>
        <translation>ein .grad in place zu ändern (außer mit {points}) kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>a {dtype} nn.Linear cannot be drawn</source>
        <translation>ein nn.Linear in {dtype} kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>a {dtype} convolution layer cannot be drawn</source>
        <translation>eine Faltungsschicht in {dtype} kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>dropout(inplace=True) cannot be drawn yet: it writes its mask into the tensor; use inplace=False</source>
        <translation>dropout(inplace=True) kann noch nicht gezeichnet werden: Es schreibt seine Maske in den Tensor; verwenden Sie inplace=False</translation>
    </message>
    <message>
        <source>the operation &apos;{name}&apos; cannot be drawn yet</source>
        <translation>die Operation &apos;{name}&apos; kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>the {name}</source>
        <translation>der Wert {name}</translation>
    </message>
    <message>
        <source>the {name} of &apos;{name}&apos; cannot be drawn yet</source>
        <translation>der Wert {name} von &apos;{name}&apos; kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>{name} with a number in place of the tensor &apos;{port}&apos; cannot be drawn yet; give it a tensor</source>
        <translation>{name} mit einer Zahl anstelle des Tensors &apos;{port}&apos; kann noch nicht gezeichnet werden; geben Sie ihm einen Tensor</translation>
    </message>
    <message>
        <source>rsub with alpha cannot be drawn</source>
        <translation>rsub mit alpha kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>the base</source>
        <translation>die Basis</translation>
    </message>
    <message>
        <source>the correction</source>
        <translation>die Korrektur</translation>
    </message>
    <message>
        <source>converting to {dtype} cannot be drawn; use one of {dtypes}</source>
        <translation>eine Umwandlung in {dtype} kann nicht gezeichnet werden; verwenden Sie einen von {dtypes}</translation>
    </message>
    <message>
        <source>torch.{name} of more than {count} tensors cannot be drawn yet</source>
        <translation>torch.{name} von mehr als {count} Tensoren kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>this indexing cannot be drawn yet; use integers, slices, lists, and at most two tensors (x[mask], x[:, idx], x[rows, cols])</source>
        <translation>diese Indizierung kann noch nicht gezeichnet werden; verwenden Sie ganze Zahlen, Slices, Listen und höchstens zwei Tensoren (x[mask], x[:, idx], x[rows, cols])</translation>
    </message>
    <message>
        <source>this loss cannot be drawn yet: only cross_entropy and nll_loss without a weight per class can</source>
        <translation>dieser Verlust kann noch nicht gezeichnet werden: Nur cross_entropy und nll_loss ohne Gewicht je Klasse können es</translation>
    </message>
    <message>
        <source>torch.where with a condition that is not a tensor cannot be drawn; give it a bool tensor such as x &gt; 0</source>
        <translation>torch.where mit einer Bedingung, die kein Tensor ist, kann nicht gezeichnet werden; geben Sie ihm einen bool-Tensor wie x &gt; 0</translation>
    </message>
    <message>
        <source>this assignment into a tensor cannot be drawn yet</source>
        <translation>diese Zuweisung in einen Tensor kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>lr, momentum, nesterov and weight_decay</source>
        <translation>lr, momentum, nesterov und weight_decay</translation>
    </message>
    <message>
        <source>lr, betas and weight_decay</source>
        <translation>lr, betas und weight_decay</translation>
    </message>
    <message>
        <source>lr, alpha, momentum and weight_decay</source>
        <translation>lr, alpha, momentum und weight_decay</translation>
    </message>
    <message>
        <source>torch.optim.{algorithm}(..., {key}={value}) cannot be drawn yet: a document&apos;s {algorithm} takes {words}</source>
        <translation>torch.optim.{algorithm}(..., {key}={value}) kann noch nicht gezeichnet werden: {algorithm} in einem Dokument nimmt {words}</translation>
    </message>
    <message>
        <source>torch.optim.{algorithm}&apos;s {key} must be a plain number to be drawn</source>
        <translation>{key} von torch.optim.{algorithm} muss eine einfache Zahl sein, um gezeichnet zu werden</translation>
    </message>
    <message>
        <source>an optimizer over a tensor the trace did not see made cannot be drawn</source>
        <translation>ein Optimierer über einen Tensor, dessen Entstehung die Verfolgung nicht gesehen hat, kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>lr, lr_decay, weight_decay and initial_accumulator_value</source>
        <translation>lr, lr_decay, weight_decay und initial_accumulator_value</translation>
    </message>
    <message>
        <source>lr, betas, weight_decay and momentum_decay</source>
        <translation>lr, betas, weight_decay und momentum_decay</translation>
    </message>
    <message>
        <source>lr, rho and weight_decay</source>
        <translation>lr, rho und weight_decay</translation>
    </message>
    <message>
        <source>torch.optim.{name} cannot be drawn yet: a document&apos;s optimizer is SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam or Adadelta</source>
        <translation>torch.optim.{name} kann noch nicht gezeichnet werden: der Optimierer eines Dokuments ist SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam oder Adadelta</translation>
    </message>
    <message>
        <source>an optimizer class of your own ({name}) cannot be drawn yet: a document&apos;s optimizer is torch.optim&apos;s SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam or Adadelta</source>
        <translation>eine eigene Optimiererklasse ({name}) kann noch nicht gezeichnet werden: der Optimierer eines Dokuments ist SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam oder Adadelta aus torch.optim</translation>
    </message>
    <message>
        <source>a parameter group holding &apos;{key}&apos; cannot be drawn yet: a document&apos;s parameter group holds its tensors and {words}</source>
        <translation>eine Parametergruppe mit &apos;{key}&apos; kann noch nicht gezeichnet werden: Eine Parametergruppe eines Dokuments enthält ihre Tensoren und {words}</translation>
    </message>
    <message>
        <source>parameter groups given other than as a list of dicts cannot be drawn yet: write them as a list, [{&apos;params&apos;: ...}, ...]</source>
        <translation>Parametergruppen, die nicht als Liste von Dicts übergeben werden, können noch nicht gezeichnet werden: Schreibe sie als Liste, [{&apos;params&apos;: ...}, ...]</translation>
    </message>
    <message>
        <source>a parameter group without tensors cannot be drawn: give each group at least one</source>
        <translation>eine Parametergruppe ohne Tensoren kann nicht gezeichnet werden: Gib jeder Gruppe mindestens einen</translation>
    </message>
    <message>
        <source>optimizer.{what}() of an optimizer the trace could not draw cannot be drawn</source>
        <translation>optimizer.{what}() eines Optimierers, den die Verfolgung nicht zeichnen konnte, kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>changing an optimizer&apos;s settings or parameters after making it (such as add_param_group, or a learning rate computed from a tensor) cannot be drawn yet</source>
        <translation>die Einstellungen oder Parameter eines Optimierers nach seiner Erzeugung zu ändern (etwa add_param_group oder eine aus einem Tensor berechnete Lernrate), kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>optimizer.step(closure) cannot be drawn yet: call loss.backward() and optimizer.step() instead</source>
        <translation>optimizer.step(closure) kann noch nicht gezeichnet werden: Rufen Sie stattdessen loss.backward() und optimizer.step() auf</translation>
    </message>
    <message>
        <source>loading an optimizer&apos;s state (load_state_dict) cannot be drawn yet</source>
        <translation>das Laden des Zustands eines Optimierers (load_state_dict) kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>zero_grad() of a module with a parameter the trace did not see made cannot be drawn</source>
        <translation>zero_grad() eines Moduls mit einem Parameter, dessen Entstehung die Verfolgung nicht gesehen hat, kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>the script made more than {count} tensor operations, too many to draw</source>
        <translation>das Skript hat mehr als {count} Tensoroperationen ausgeführt, zu viele zum Zeichnen</translation>
    </message>
    <message>
        <source>the step of a parameter update (lr * w.grad) is used again after the update, which cannot be drawn yet</source>
        <translation>der Schritt einer Parameteraktualisierung (lr * w.grad) wird nach der Aktualisierung erneut verwendet; das kann noch nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>a tensor computed outside the traced operations (for example a gradient returned with create_graph=True) is used here; GradStudio cannot draw where it came from</source>
        <translation>hier wird ein Tensor verwendet, der außerhalb der verfolgten Operationen berechnet wurde (zum Beispiel ein mit create_graph=True zurückgegebener Gradient); GradStudio kann nicht zeichnen, woher er kommt</translation>
    </message>
    <message>
        <source>a gradient returned by torch.autograd.grad is used as a value to compute a new tensor, which cannot be drawn yet: a graph computes every tensor before its backward steps, so the gradient would be frozen into a number</source>
        <translation>ein von torch.autograd.grad zurückgegebener Gradient wird als Wert verwendet, um einen neuen Tensor zu berechnen; das kann noch nicht gezeichnet werden: Ein Graph berechnet jeden Tensor vor seinen backward-Schritten, der Gradient würde also zu einer festen Zahl</translation>
    </message>
    <message>
        <source>a {dtype} tensor cannot be drawn; GradStudio documents hold {dtypes} tensors</source>
        <translation>ein {dtype}-Tensor kann nicht gezeichnet werden; GradStudio-Dokumente enthalten Tensoren in {dtypes}</translation>
    </message>
    <message>
        <source>a gradient torch.autograd.grad returned for several outputs is used as a value, which cannot be drawn yet; ask for one output&apos;s gradient per call</source>
        <translation>ein Gradient, den torch.autograd.grad für mehrere Ausgaben zurückgegeben hat, wird als Wert verwendet; das kann noch nicht gezeichnet werden; fragen Sie je Aufruf nach dem Gradienten einer Ausgabe</translation>
    </message>
    <message>
        <source>the script made more than {count} tensor operations, too many to trace</source>
        <translation>das Skript hat mehr als {count} Tensoroperationen ausgeführt, zu viele zum Verfolgen</translation>
    </message>
    <message>
        <source>a hook that prints outside a backward step, after one, cannot be drawn yet: the graph would print it before the backward</source>
        <translation>ein Hook, der außerhalb eines backward-Schritts ausgibt, nach einem solchen, kann noch nicht gezeichnet werden: Der Graph würde es vor dem backward ausgeben</translation>
    </message>
    <message>
        <source>a learning-rate scheduler (torch.optim.lr_scheduler.{name}) cannot be drawn yet: a document&apos;s scheduler is one of {known}</source>
        <translation>ein Lernraten-Scheduler (torch.optim.lr_scheduler.{name}) kann noch nicht gezeichnet werden: Der Scheduler eines Dokuments ist einer von {known}</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}(..., last_epoch=...) cannot be drawn yet: a document&apos;s scheduler starts from its optimizer&apos;s first step</source>
        <translation>torch.optim.lr_scheduler.{name}(..., last_epoch=...) kann noch nicht gezeichnet werden: Der Scheduler eines Dokuments beginnt mit dem ersten Schritt seines Optimierers</translation>
    </message>
    <message>
        <source>a {name} over an optimizer the trace could not draw cannot be drawn</source>
        <translation>ein {name} über einen Optimierer, den die Verfolgung nicht zeichnen konnte, kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it a plain list of whole numbers</source>
        <translation>{setting} von torch.optim.lr_scheduler.{name} kann nicht als {value} gezeichnet werden: Geben Sie eine einfache Liste ganzer Zahlen an</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it a plain whole number</source>
        <translation>{setting} von torch.optim.lr_scheduler.{name} kann nicht als {value} gezeichnet werden: Geben Sie eine einfache ganze Zahl an</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it True or False</source>
        <translation>{setting} von torch.optim.lr_scheduler.{name} kann nicht als {value} gezeichnet werden: gib True oder False an</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s {setting} cannot be drawn as {value}: give it a plain number</source>
        <translation>{setting} von torch.optim.lr_scheduler.{name} kann nicht als {value} gezeichnet werden: Geben Sie eine einfache Zahl an</translation>
    </message>
    <message>
        <source>torch.optim.lr_scheduler.{name}&apos;s lr_lambda cannot be drawn yet: it can be drawn when it is a lambda of the epoch computing with numbers, arithmetic, min, max, abs, round and math&apos;s functions, such as lambda epoch: 0.95 ** epoch</source>
        <translation>das lr_lambda von torch.optim.lr_scheduler.{name} kann noch nicht gezeichnet werden: gezeichnet wird es, wenn es ein Lambda der Epoche ist, das mit Zahlen, Arithmetik, min, max, abs, round und den Funktionen von math rechnet, etwa lambda epoch: 0.95 ** epoch</translation>
    </message>
    <message>
        <source>scheduler.step() of a scheduler the trace could not draw cannot be drawn</source>
        <translation>scheduler.step() eines Schedulers, den die Verfolgung nicht zeichnen konnte, kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>scheduler.step(epoch) cannot be drawn: call scheduler.step() without an epoch, once per epoch</source>
        <translation>scheduler.step(epoch) kann nicht gezeichnet werden: Rufen Sie scheduler.step() ohne Epoche auf, einmal je Epoche</translation>
    </message>
    <message>
        <source>ReduceLROnPlateau.step() of a tensor the trace did not see made cannot be drawn</source>
        <translation>ReduceLROnPlateau.step() eines Tensors, dessen Entstehung die Verfolgung nicht gesehen hat, kann nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>ReduceLROnPlateau.step() cannot be drawn unless its metric is a number or a tensor</source>
        <translation>ReduceLROnPlateau.step() kann nur gezeichnet werden, wenn seine Metrik eine Zahl oder ein Tensor ist</translation>
    </message>
    <message>
        <source>the custom autograd.Function {name} cannot be drawn yet: {why}</source>
        <translation>die eigene autograd.Function {name} kann noch nicht gezeichnet werden: {why}</translation>
    </message>
    <message>
        <source>its arguments must be tensors, then at most 8 plain numbers, passed by position</source>
        <translation>ihre Argumente müssen Tensoren sein, danach höchstens 8 einfache Zahlen, nach Position übergeben</translation>
    </message>
    <message>
        <source>another Function of the script has the same class name</source>
        <translation>eine andere Function des Skripts hat denselben Klassennamen</translation>
    </message>
    <message>
        <source>it is called with another number of arguments than its forward takes</source>
        <translation>sie wird mit einer anderen Zahl von Argumenten aufgerufen, als ihr forward nimmt</translation>
    </message>
    <message>
        <source>its forward must return new tensors, not its inputs or other values</source>
        <translation>sein forward muss neue Tensoren zurückgeben, nicht seine Eingaben oder andere Werte</translation>
    </message>
    <message>
        <source>its class name is not one GradStudio can write</source>
        <translation>ihren Klassennamen kann GradStudio nicht schreiben</translation>
    </message>
    <message>
        <source>it defines {what} besides forward and backward</source>
        <translation>sie definiert {what} neben forward und backward</translation>
    </message>
    <message>
        <source>its {role} is not a @staticmethod def of the script</source>
        <translation>ihr {role} ist kein @staticmethod-def des Skripts</translation>
    </message>
    <message>
        <source>the text of its {role} was not found in the script</source>
        <translation>der Text ihres {role} wurde im Skript nicht gefunden</translation>
    </message>
    <message>
        <source>its {role} is decorated with {what}</source>
        <translation>ihr {role} ist mit {what} dekoriert</translation>
    </message>
    <message>
        <source>a {n}-d convolution cannot be drawn yet; conv1d and conv2d can</source>
        <translation>eine {n}-d-Faltung kann noch nicht gezeichnet werden; conv1d und conv2d schon</translation>
    </message>
    <message>
        <source>a value a hook kept is used here, but the hook also kept values while the graph was not drawn, so the graph cannot say which one it is</source>
        <translation>hier wird ein Wert verwendet, den ein Hook behalten hat, aber der Hook behielt auch Werte, während der Graph nicht gezeichnet wurde, daher kann der Graph nicht sagen, welcher es ist</translation>
    </message>
    <message>
        <source>this hook keeps {what}, which cannot be drawn yet ({error}); a hook that keeps an expression of its gradient, such as grads.append(grad.clone()), is drawn</source>
        <translation>dieser Hook behält {what}, was noch nicht gezeichnet werden kann ({error}); ein Hook, der einen Ausdruck seines Gradienten behält, wie grads.append(grad.clone()), wird gezeichnet</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) can be drawn when it prints or keeps grad_output[0] and reads nothing else; this one does more</source>
        <translation>der Backward-Hook eines Moduls ({what}) kann gezeichnet werden, wenn er grad_output[0] ausgibt oder behält und nichts anderes liest; dieser tut mehr</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) can be drawn when it prints, keeps or returns a new grad_input[0] and reads nothing else, or prints or keeps grad_output[0] and reads nothing else; this one does more</source>
        <translation>der Backward-Hook eines Moduls ({what}) kann gezeichnet werden, wenn er grad_input[0] ausgibt, behält oder ein neues zurückgibt und nichts anderes liest, oder wenn er grad_output[0] ausgibt oder behält und nichts anderes liest; dieser tut mehr</translation>
    </message>
    <message>
        <source>a module whose backward hook reads grad_input is called here with {count} input tensors that require grad; it can be drawn when the module takes one</source>
        <translation>ein Modul, dessen Backward-Hook grad_input liest, wird hier mit {count} Eingabetensoren aufgerufen, die einen Gradienten benötigen; gezeichnet werden kann es, wenn das Modul genau einen nimmt</translation>
    </message>
    <message>
        <source>a module&apos;s backward hook ({what}) that prints grad_input[0] and grad_output[0] can be drawn when each print reads one of them and grad_output&apos;s come first: the graph prints those when the module&apos;s output gradient arrives, before grad_input&apos;s</source>
        <translation>der Backward-Hook eines Moduls ({what}), der grad_input[0] und grad_output[0] ausgibt, kann gezeichnet werden, wenn jedes print nur eines davon liest und die von grad_output zuerst kommen: Der Graph gibt diese aus, sobald der Gradient der Modulausgabe ankommt, vor denen von grad_input</translation>
    </message>
    <message>
        <source>a module with a backward hook (register_full_backward_hook or register_full_backward_pre_hook) is called here, which cannot be drawn yet: the hook reads or changes gradients during backward</source>
        <translation>hier wird ein Modul mit einem Backward-Hook (register_full_backward_hook oder register_full_backward_pre_hook) aufgerufen, was noch nicht gezeichnet werden kann: der Hook liest oder ändert Gradienten während des Backward</translation>
    </message>
    <message>
        <source>p.grad.clamp_() can be drawn when its bounds are plain numbers, such as p.grad.clamp_(-1.0, 1.0)</source>
        <translation>p.grad.clamp_() kann gezeichnet werden, wenn seine Grenzen einfache Zahlen sind, etwa p.grad.clamp_(-1.0, 1.0)</translation>
    </message>
    <message>
        <source>a {dtype} nn.BatchNorm cannot be drawn</source>
        <translation>eine nn.BatchNorm vom Typ {dtype} kann nicht gezeichnet werden</translation>
    </message>
</context>
<context>
    <name>TrainDialog</name>
    <message>
        <source>Train</source>
        <translation>Trainieren</translation>
    </message>
    <message>
        <source>zero the gradients every iteration</source>
        <translation>die Gradienten in jeder Iteration nullen</translation>
    </message>
    <message>
        <source>Untick it to see the most common bug of a training loop: each backward adds to .grad, the gradients pile up.</source>
        <translation>Entferne den Haken, um den häufigsten Fehler einer Trainingsschleife zu sehen: Jedes backward addiert zu .grad, die Gradienten häufen sich an.</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>Update</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Insert loop</source>
        <translation>Schleife einfügen</translation>
    </message>
    <message>
        <source>Add a loss first: a one-element node computed from leaves that require grad.</source>
        <translation>Füge zuerst einen Verlust hinzu: einen Knoten mit einem Element, berechnet aus Blättern, die Gradienten benötigen.</translation>
    </message>
    <message>
        <source>Nothing upstream of this loss requires grad: tick requires_grad on a leaf it is computed from.</source>
        <translation>Nichts oberhalb dieses Verlusts benötigt Gradienten: Hake requires_grad auf einem Blatt an, aus dem er berechnet wird.</translation>
    </message>
    <message>
        <source>Tick at least one parameter to train.</source>
        <translation>Hake mindestens einen Parameter zum Trainieren an.</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <source>&apos;{optimizer}&apos; is not an optimizer GradStudio knows.</source>
        <translation>&apos;{optimizer}&apos; ist kein Optimierer, den GradStudio kennt.</translation>
    </message>
</context>
<context>
    <name>TrainingPanel</name>
    <message>
        <source>No training loop yet: Add ▸ Train… in the timeline inserts one.</source>
        <translation>Noch keine Trainingsschleife: Hinzufügen ▸ Trainieren… in der Zeitleiste fügt eine ein.</translation>
    </message>
    <message>
        <source>This loop did not run: its error is shown in the timeline.</source>
        <translation>Diese Schleife lief nicht: Ihr Fehler steht in der Zeitleiste.</translation>
    </message>
    <message>
        <source>Drag the line, or click a plot, to show that iteration in every view.</source>
        <translation>Ziehe die Linie oder klicke in ein Diagramm, um diese Iteration in jeder Ansicht zu zeigen.</translation>
    </message>
    <message>
        <source>{title}: none</source>
        <translation>{title}: keiner</translation>
    </message>
    <message>
        <source>{epochs} epochs of {steps} steps</source>
        <translation>{epochs} Epochen zu {steps} Schritten</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>logarithmisch</translation>
    </message>
    <message>
        <source>A logarithmic loss axis: losses span orders of magnitude.</source>
        <translation>Eine logarithmische Verlustachse: Verluste erstrecken sich über Größenordnungen.</translation>
    </message>
    <message>
        <source>Loss per iteration</source>
        <translation>Verlust pro Iteration</translation>
    </message>
    <message>
        <source>.grad (dashed)</source>
        <translation>.grad (gestrichelt)</translation>
    </message>
    <message>
        <source>loop {n}: {text}</source>
        <translation>Schleife {n}: {text}</translation>
    </message>
    <message>
        <source>iteration {v} of {count}</source>
        <translation>Iteration {v} von {count}</translation>
    </message>
    <message>
        <source> · stopped at an error in iteration {v}</source>
        <translation> · bei einem Fehler in Iteration {v} angehalten</translation>
    </message>
    <message>
        <source>: no iteration completed</source>
        <translation>: keine Iteration abgeschlossen</translation>
    </message>
    <message>
        <source>Parameters per iteration</source>
        <translation>Parameter pro Iteration</translation>
    </message>
    <message>
        <source>Select a tracked node</source>
        <translation>Einen verfolgten Knoten wählen</translation>
    </message>
    <message>
        <source>{v} is on the loss plot · </source>
        <translation>{v} ist im Verlustdiagramm · </translation>
    </message>
    <message>
        <source>{v} is not tracked (tick watched) · </source>
        <translation>{v} wird nicht verfolgt (watched anhaken) · </translation>
    </message>
    <message>
        <source>{name} per iteration</source>
        <translation>{name} pro Iteration</translation>
    </message>
    <message>
        <source>: first {MAX_CURVES} of {size} elements</source>
        <translation>: erste {MAX_CURVES} von {size} Elementen</translation>
    </message>
    <message>
        <source> (no .grad kept)</source>
        <translation> (kein .grad behalten)</translation>
    </message>
    <message>
        <source>{name}.grad per iteration</source>
        <translation>{name}.grad pro Iteration</translation>
    </message>
</context>
<context>
    <name>Trust</name>
    <message>
        <source>Run this {what}?</source>
        <translation>Dieses {what} ausführen?</translation>
    </message>
    <message>
        <source>Opening “{name}” runs its code on this computer, with your permissions; run it only if you trust where it came from.</source>
        <translation>„{name}“ zu öffnen, führt seinen Code auf diesem Computer mit deinen Rechten aus; führe ihn nur aus, wenn du seiner Herkunft vertraust.</translation>
    </message>
    <message>
        <source>GradStudio asks once for each file, and again when the file changes.</source>
        <translation>GradStudio fragt einmal für jede Datei und erneut, wenn sich die Datei ändert.</translation>
    </message>
    <message>
        <source>Run the {what}</source>
        <translation>{what} ausführen</translation>
    </message>
</context>
<context>
    <name>UntrackedFix</name>
    <message>
        <source> backward() needs a graph: ticking requires_grad on {name} makes PyTorch record one from it.</source>
        <translation> backward() braucht einen Graphen: requires_grad auf {name} anzuhaken, lässt PyTorch einen daraus aufzeichnen.</translation>
    </message>
    <message>
        <source>Tick requires_grad on {name}</source>
        <translation>requires_grad auf {name} anhaken</translation>
    </message>
</context>
<context>
    <name>Walk</name>
    <message>
        <source>Only a backward() or an autograd.grad() action can be stepped through.</source>
        <translation>Nur eine backward()- oder autograd.grad()-Aktion lässt sich schrittweise durchgehen.</translation>
    </message>
    <message>
        <source>This action ran no backward step.</source>
        <translation>Diese Aktion hat keinen Rückwärtsschritt ausgeführt.</translation>
    </message>
    <message>
        <source>a leaf</source>
        <translation>ein Blatt</translation>
    </message>
    <message>
        <source>AccumulateGrad into {leaf}.grad</source>
        <translation>AccumulateGrad in {leaf}.grad</translation>
    </message>
    <message>
        <source>the gradient of an intermediate tensor of {root}</source>
        <translation>der Gradient eines Zwischentensors von {root}</translation>
    </message>
    <message>
        <source>{formula}: nothing flows</source>
        <translation>{formula}: nichts fließt</translation>
    </message>
    <message>
        <source>{gradient}: computed by {grad_fn}</source>
        <translation>{gradient}: berechnet von {grad_fn}</translation>
    </message>
    <message>
        <source>{grad_fn} of {node} = {forward}</source>
        <translation>{grad_fn} von {node} = {forward}</translation>
    </message>
    <message>
        <source>{grad_fn} of {node}</source>
        <translation>{grad_fn} von {node}</translation>
    </message>
    <message>
        <source>{grad_fn}, a step inside computing {node}</source>
        <translation>{grad_fn}, ein Schritt innerhalb der Berechnung von {node}</translation>
    </message>
    <message>
        <source>{grad_fn} (inside {root}&apos;s graph)</source>
        <translation>{grad_fn} (im Graphen von {root})</translation>
    </message>
    <message>
        <source>{grad_fn}, recorded by {node} = {forward}</source>
        <translation>{grad_fn}, aufgezeichnet von {node} = {forward}</translation>
    </message>
    <message>
        <source>in backward it receives grad (the gradient of the output with respect to {node}) and sends</source>
        <translation>im Rückwärtsdurchlauf erhält sie grad (den Gradienten der Ausgabe nach {node}) und sendet</translation>
    </message>
    <message>
        <source>to {input}: {formula}</source>
        <translation>an {input}: {formula}</translation>
    </message>
    <message>
        <source>Step {number}: {title}</source>
        <translation>Schritt {number}: {title}</translation>
    </message>
    <message>
        <source>(the sum of the {count} gradients sent to it)</source>
        <translation>(die Summe der {count} an sie gesendeten Gradienten)</translation>
    </message>
    <message>
        <source>received {gradient} = {value}</source>
        <translation>erhalten: {gradient} = {value}</translation>
    </message>
    <message>
        <source>{leaf}.grad was None, so it becomes the gradient: {after} = 0 + {received}</source>
        <translation>{leaf}.grad war None, also wird es zum Gradienten: {after} = 0 + {received}</translation>
    </message>
    <message>
        <source>{leaf}.grad += gradient: {after} = {before} + {received}</source>
        <translation>{leaf}.grad += Gradient: {after} = {before} + {received}</translation>
    </message>
    <message>
        <source>received grad = {gradient} = {value}</source>
        <translation>erhalten: grad = {gradient} = {value}</translation>
    </message>
    <message>
        <source>sends nothing further (no input requires grad)</source>
        <translation>sendet nichts weiter (kein Eingang benötigt Gradienten)</translation>
    </message>
    <message>
        <source>frees its saved {tensors} (a second backward through it needs retain_graph=True)</source>
        <translation>gibt ihre gespeicherten {tensors} frei (ein zweites backward durch sie braucht retain_graph=True)</translation>
    </message>
    <message>
        <source>to {input} (next: {grad_fn}):</source>
        <translation>an {input} (als Nächstes: {grad_fn}):</translation>
    </message>
    <message>
        <source>rule      {input}: {rule}</source>
        <translation>Regel     {input}: {rule}</translation>
    </message>
    <message>
        <source>chain     {formula}</source>
        <translation>Kette     {formula}</translation>
    </message>
    <message>
        <source>numbers   {formula}</source>
        <translation>Zahlen    {formula}</translation>
    </message>
    <message>
        <source>Action {number}: {title}</source>
        <translation>Aktion {number}: {title}</translation>
    </message>
    <message>
        <source>(iteration {number})</source>
        <translation>(Iteration {number})</translation>
    </message>
    <message>
        <source>(with a gradient v: each ∂ below is v-weighted, the vector-Jacobian product vᵀ·J)</source>
        <translation>(mit einem Gradienten v: jedes ∂ unten ist mit v gewichtet, das Vektor-Jacobi-Produkt vᵀ·J)</translation>
    </message>
    <message>
        <source>stopped: {problem}</source>
        <translation>angehalten: {problem}</translation>
    </message>
</context>
<context>
    <name>WalkPanel</name>
    <message>
        <source>0.5 step/s</source>
        <translation>0,5 Schr./s</translation>
    </message>
    <message>
        <source>1 step/s</source>
        <translation>1 Schr./s</translation>
    </message>
    <message>
        <source>2 steps/s</source>
        <translation>2 Schr./s</translation>
    </message>
    <message>
        <source>4 steps/s</source>
        <translation>4 Schr./s</translation>
    </message>
    <message>
        <source>The backward pass to step through</source>
        <translation>Der Rückwärtsdurchlauf, der durchgegangen wird</translation>
    </message>
    <message>
        <source>Export Frames…</source>
        <translation>PNG-Bilder…</translation>
    </message>
    <message>
        <source>Save every step as a numbered PNG, for slides</source>
        <translation>Jeden Schritt als nummeriertes PNG speichern, für Folien</translation>
    </message>
    <message>
        <source>Step through:</source>
        <translation>Durchgehen:</translation>
    </message>
    <message>
        <source>Engine steps of the pass: drag, or use the arrow keys</source>
        <translation>Engine-Schritte des Durchlaufs: ziehen oder die Pfeiltasten nutzen</translation>
    </message>
    <message>
        <source>Before the first step</source>
        <translation>Vor dem ersten Schritt</translation>
    </message>
    <message>
        <source>Previous step (F9)</source>
        <translation>Voriger Schritt (F9)</translation>
    </message>
    <message>
        <source>Play the pass step by step</source>
        <translation>Den Durchlauf Schritt für Schritt abspielen</translation>
    </message>
    <message>
        <source>Next step (F10)</source>
        <translation>Nächster Schritt (F10)</translation>
    </message>
    <message>
        <source>After the last step</source>
        <translation>Nach dem letzten Schritt</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>0. before the pass</source>
        <translation>0. vor dem Durchlauf</translation>
    </message>
    <message>
        <source>step {k} of {count}</source>
        <translation>Schritt {k}/{count}</translation>
    </message>
    <message>
        <source>{count} steps</source>
        <translation>{count} Schritte</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#5f6368&apos;&gt;No backward pass to step through: add a &lt;b&gt;backward()&lt;/b&gt; action to the timeline (Ctrl+B), then step through it here.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#5f6368&apos;&gt;Kein Rückwärtsdurchlauf zum Durchgehen: Füge der Zeitleiste eine &lt;b&gt;backward()&lt;/b&gt;-Aktion hinzu (Strg+B) und gehe sie dann hier Schritt für Schritt durch.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the gradient you passed, v = </source>
        <translation>der Gradient, den du übergeben hast, v = </translation>
    </message>
    <message>
        <source>gradient {v} ({received_name})</source>
        <translation>Gradient {v} ({received_name})</translation>
    </message>
    <message>
        <source>&lt;p&gt;Before the pass. backward starts at {v}, the grad_fn of the output, with {v2}. Each step runs one grad_fn: it receives a gradient and sends one to each of its inputs by the chain rule.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Vor dem Durchlauf. backward beginnt bei {v}, der grad_fn der Ausgabe, mit {v2}. Jeder Schritt führt eine grad_fn aus: Sie erhält einen Gradienten und sendet nach der Kettenregel einen an jeden ihrer Eingänge.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#188038&apos;&gt;The pass is complete.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#188038&apos;&gt;Der Durchlauf ist vollständig.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Choose a backward pass to step through first.</source>
        <translation>Wähle zuerst einen Rückwärtsdurchlauf zum Durchgehen.</translation>
    </message>
    <message>
        <source>could not write {path}</source>
        <translation>{path} konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>WindowEdits</name>
    <message>
        <source>Add nn.Linear</source>
        <translation>nn.Linear hinzufügen</translation>
    </message>
    <message>
        <source>Select a computed tensor with at least one dimension: the layer takes its last dimension as inputs.</source>
        <translation>Wähle einen berechneten Tensor mit mindestens einer Dimension: Die Schicht nimmt seine letzte Dimension als Eingänge.</translation>
    </message>
    <message>
        <source>nn.Linear({in_features}, …)</source>
        <translation>nn.Linear({in_features}, …)</translation>
    </message>
    <message>
        <source>Outputs (out_features):</source>
        <translation>Ausgänge (out_features):</translation>
    </message>
    <message>
        <source>Arrange graph</source>
        <translation>Graph anordnen</translation>
    </message>
</context>
<context>
    <name>WindowExports</name>
    <message>
        <source>Export PyTorch Script</source>
        <translation>PyTorch-Skript exportieren</translation>
    </message>
    <message>
        <source>Could not export the notebook</source>
        <translation>Das Notebook konnte nicht exportiert werden</translation>
    </message>
    <message>
        <source>Export Notebook is not available in this build yet.</source>
        <translation>Notebook exportieren ist in diesem Build noch nicht verfügbar.</translation>
    </message>
    <message>
        <source>Export Notebook</source>
        <translation>Notebook exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG-Zeichnungen (*.svg)</translation>
    </message>
    <message>
        <source>nothing could be written there</source>
        <translation>dort konnte nichts geschrieben werden</translation>
    </message>
    <message>
        <source>Export Canvas as {v}</source>
        <translation>Zeichenfläche als {v} exportieren</translation>
    </message>
    <message>
        <source>Could not export the {what}</source>
        <translation>Export fehlgeschlagen: {what}</translation>
    </message>
    <message>
        <source>“{name}” was not written ({exc}); try another folder or name.</source>
        <translation>„{name}“ wurde nicht geschrieben ({exc}); versuche einen anderen Ordner oder Namen.</translation>
    </message>
    <message>
        <source>Exported {name}</source>
        <translation>{name} exportiert</translation>
    </message>
</context>
<context>
    <name>WindowFiles</name>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>Open Graph, Notebook or Script — a notebook&apos;s cells or a script will be run</source>
        <translation>Graph, Notebook oder Skript öffnen – die Zellen eines Notebooks oder ein Skript werden ausgeführt</translation>
    </message>
    <message>
        <source>Opening {name} was cancelled; the open graph is unchanged.</source>
        <translation>Öffnen von {name} abgebrochen; der offene Graph ist unverändert.</translation>
    </message>
    <message>
        <source>Could not open the notebook</source>
        <translation>Das Notebook konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>“{name}” could not be read ({v}).</source>
        <translation>„{name}“ konnte nicht gelesen werden ({v}).</translation>
    </message>
    <message>
        <source>Open Notebook</source>
        <translation>Notebook öffnen</translation>
    </message>
    <message>
        <source>Running the cells of “{name}” to trace the tensors they compute…</source>
        <translation>Die Zellen von „{name}“ laufen, um die berechneten Tensoren zu verfolgen…</translation>
    </message>
    <message>
        <source>{stem} (notebook)</source>
        <translation>{stem} (Notebook)</translation>
    </message>
    <message>
        <source>Part of the notebook is recorded</source>
        <translation>Ein Teil des Notebooks ist aufgezeichnet</translation>
    </message>
    <message>
        <source>Traced {name}: {v} nodes from {v2} code cells</source>
        <translation>{name} verfolgt: {v} Knoten aus {v2} Codezellen</translation>
    </message>
    <message>
        <source>; {failed} cells raised an error, shown in the Lesson panel</source>
        <translation>; {failed} Zellen lösten einen Fehler aus, gezeigt im Bereich Lektion</translation>
    </message>
    <message>
        <source>; {failed} cell raised an error, shown in the Lesson panel</source>
        <translation>; {failed} Zelle löste einen Fehler aus, gezeigt im Bereich Lektion</translation>
    </message>
    <message>
        <source>Could not open the graph</source>
        <translation>Der Graph konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>“{name}” could not be opened: {exc}</source>
        <translation>„{name}“ konnte nicht geöffnet werden: {exc}</translation>
    </message>
    <message>
        <source>Could not restore the graph</source>
        <translation>Der Graph konnte nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <source>Restored {v}; save it to keep it.</source>
        <translation>{v} wiederhergestellt; speichere ihn, um ihn zu behalten.</translation>
    </message>
    <message>
        <source>Could not open the example</source>
        <translation>Das Beispiel konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The example “{name}” could not be opened: {exc}</source>
        <translation>Das Beispiel „{name}“ konnte nicht geöffnet werden: {exc}</translation>
    </message>
    <message>
        <source>{v} (example)</source>
        <translation>{v} (Beispiel)</translation>
    </message>
    <message>
        <source>Save Graph As</source>
        <translation>Graph speichern unter</translation>
    </message>
    <message>
        <source>Could not save the graph</source>
        <translation>Der Graph konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>“{name}” was not saved ({exc}); the graph is still open, so try another folder or name.</source>
        <translation>„{name}“ wurde nicht gespeichert ({exc}); der Graph ist noch offen, also versuche einen anderen Ordner oder Namen.</translation>
    </message>
    <message>
        <source>Saved {name}</source>
        <translation>{name} gespeichert</translation>
    </message>
    <message>
        <source>Open recent file</source>
        <translation>Zuletzt geöffnete Datei öffnen</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Import PyTorch Script — the script will be run</source>
        <translation>PyTorch-Skript importieren — das Skript wird ausgeführt</translation>
    </message>
    <message>
        <source>Could not import the script</source>
        <translation>Das Skript konnte nicht importiert werden</translation>
    </message>
    <message>
        <source>“{name}” could not be read: {exc}</source>
        <translation>„{name}“ konnte nicht gelesen werden: {exc}</translation>
    </message>
    <message>
        <source>Import PyTorch Script</source>
        <translation>PyTorch-Skript importieren</translation>
    </message>
    <message>
        <source>Running “{name}” to trace the tensors it computes…</source>
        <translation>„{name}“ läuft, um die berechneten Tensoren zu verfolgen…</translation>
    </message>
    <message>
        <source>Tracing “{name}” failed: {exc}</source>
        <translation>Verfolgen von „{name}“ fehlgeschlagen: {exc}</translation>
    </message>
    <message>
        <source>Import of {name} cancelled; nothing changed.</source>
        <translation>Import von {name} abgebrochen; nichts hat sich geändert.</translation>
    </message>
    <message>
        <source>{name} was not run; the open graph is unchanged.</source>
        <translation>{name} wurde nicht ausgeführt; der offene Graph ist unverändert.</translation>
    </message>
    <message>
        <source>{stem} (imported)</source>
        <translation>{stem} (importiert)</translation>
    </message>
    <message>
        <source>Imported {name}</source>
        <translation>{name} importiert</translation>
    </message>
    <message>
        <source>Part of the script is recorded</source>
        <translation>Ein Teil des Skripts ist aufgezeichnet</translation>
    </message>
    <message>
        <source>“{name}” could not be opened: {text}</source>
        <translation>„{name}“ konnte nicht geöffnet werden: {text}</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>Start an empty graph</source>
        <translation>Einen leeren Graphen beginnen</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a GradStudio graph, or a Jupyter notebook: its cells are run to trace their graph</source>
        <translation>Einen GradStudio-Graphen oder ein Jupyter-Notebook öffnen: Seine Zellen laufen, um ihren Graphen zu verfolgen</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save the graph</source>
        <translation>Den Graphen speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save the graph under a new name</source>
        <translation>Den Graphen unter einem neuen Namen speichern</translation>
    </message>
    <message>
        <source>&amp;Import PyTorch Script…</source>
        <translation>PyTorch-Skript &amp;importieren…</translation>
    </message>
    <message>
        <source>Runs a PyTorch script with GradStudio&apos;s engine and turns what it computed into a graph</source>
        <translation>Führt ein PyTorch-Skript mit der Engine von GradStudio aus und macht aus dem Berechneten einen Graphen</translation>
    </message>
    <message>
        <source>Import &amp;Data…</source>
        <translation>&amp;Daten importieren…</translation>
    </message>
    <message>
        <source>Reads a CSV or .npy file into a data node (features, then the label) stored in the graph file</source>
        <translation>Liest eine CSV- oder .npy-Datei in einen Datenknoten (Merkmale, dann das Label), der in der Graph-Datei gespeichert wird</translation>
    </message>
    <message>
        <source>&amp;Export PyTorch Script…</source>
        <translation>PyTorch-Skript &amp;exportieren…</translation>
    </message>
    <message>
        <source>Write the graph as a PyTorch script</source>
        <translation>Den Graphen als PyTorch-Skript schreiben</translation>
    </message>
    <message>
        <source>Export Note&amp;book…</source>
        <translation>Note&amp;book exportieren…</translation>
    </message>
    <message>
        <source>Write the graph as a Jupyter notebook</source>
        <translation>Den Graphen als Jupyter-Notebook schreiben</translation>
    </message>
    <message>
        <source>Export Canvas as &amp;PNG…</source>
        <translation>Zeichenfläche als &amp;PNG exportieren…</translation>
    </message>
    <message>
        <source>Save a picture of the canvas</source>
        <translation>Ein Bild der Zeichenfläche speichern</translation>
    </message>
    <message>
        <source>Export Canvas as S&amp;VG…</source>
        <translation>Zeichenfläche als S&amp;VG exportieren…</translation>
    </message>
    <message>
        <source>Save the canvas as a scalable drawing</source>
        <translation>Die Zeichenfläche als skalierbare Zeichnung speichern</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Close GradStudio</source>
        <translation>GradStudio schließen</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Ausschneiden</translation>
    </message>
    <message>
        <source>Cut the selected nodes</source>
        <translation>Die gewählten Knoten ausschneiden</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the selected nodes</source>
        <translation>Die gewählten Knoten kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Paste copied nodes</source>
        <translation>Kopierte Knoten einfügen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Delete the selected nodes</source>
        <translation>Die gewählten Knoten löschen</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <source>&amp;Find Node…</source>
        <translation>Knoten &amp;finden…</translation>
    </message>
    <message>
        <source>Find a node by name, kind or grad_fn, select it and show it</source>
        <translation>Einen Knoten nach Name, Art oder grad_fn finden, auswählen und zeigen</translation>
    </message>
    <message>
        <source>Add &amp;Backward of Selection</source>
        <translation>&amp;Backward der Auswahl hinzufügen</translation>
    </message>
    <message>
        <source>Append selected.backward() to the timeline</source>
        <translation>auswahl.backward() an die Zeitleiste anhängen</translation>
    </message>
    <message>
        <source>Insert &amp;detach() After Selection</source>
        <translation>&amp;detach() nach der Auswahl einfügen</translation>
    </message>
    <message>
        <source>Cut the graph: consumers get a detached copy</source>
        <translation>Den Graphen schneiden: Verbraucher erhalten eine abgetrennte Kopie</translation>
    </message>
    <message>
        <source>Wrap Selection in &amp;no_grad</source>
        <translation>Auswahl in &amp;no_grad einschließen</translation>
    </message>
    <message>
        <source>Evaluate the selected nodes inside torch.no_grad()</source>
        <translation>Die gewählten Knoten in torch.no_grad() auswerten</translation>
    </message>
    <message>
        <source>Add nn.&amp;Linear Layer After Selection…</source>
        <translation>nn.&amp;Linear-Schicht nach der Auswahl hinzufügen…</translation>
    </message>
    <message>
        <source>nn.Linear(in, out) on the selected tensor: a weight and a bias drawn as PyTorch draws them, and F.linear</source>
        <translation>nn.Linear(in, out) auf dem gewählten Tensor: ein Gewicht und ein Bias, gezogen wie in PyTorch, und F.linear</translation>
    </message>
    <message>
        <source>&amp;Train…</source>
        <translation>&amp;Trainieren…</translation>
    </message>
    <message>
        <source>Insert a training loop for a loss: forward, backward, update, zero_grad, repeated</source>
        <translation>Eine Trainingsschleife für einen Verlust einfügen: forward, backward, Update, zero_grad, wiederholt</translation>
    </message>
    <message>
        <source>&amp;Play or Pause Training Live</source>
        <translation>Live-Training abs&amp;pielen oder pausieren</translation>
    </message>
    <message>
        <source>Run the training loop iteration by iteration and watch every view follow (again to pause)</source>
        <translation>Die Trainingsschleife Iteration für Iteration ausführen und jeder Ansicht beim Folgen zusehen (erneut zum Pausieren)</translation>
    </message>
    <message>
        <source>One Training &amp;Iteration</source>
        <translation>Eine Trainings&amp;iteration</translation>
    </message>
    <message>
        <source>Run one more iteration of the live training (pausing it when it plays)</source>
        <translation>Eine Iteration mehr im Live-Training ausführen (pausiert es, wenn es läuft)</translation>
    </message>
    <message>
        <source>&amp;Step Through Backward Pass</source>
        <translation>Backward &amp;schrittweise durchgehen</translation>
    </message>
    <message>
        <source>Play the backward pass node by node: each grad_fn, the gradient it receives and sends, the chain rule in numbers</source>
        <translation>Den Rückwärtsdurchlauf Knoten für Knoten abspielen: jede grad_fn, der Gradient, den sie erhält und sendet, die Kettenregel in Zahlen</translation>
    </message>
    <message>
        <source>Next Backward Step</source>
        <translation>Nächster Backward-Schritt</translation>
    </message>
    <message>
        <source>Run the next grad_fn of the backward pass being stepped through</source>
        <translation>Die nächste grad_fn des durchgegangenen Rückwärtsdurchlaufs ausführen</translation>
    </message>
    <message>
        <source>&amp;Jacobian and Gradient Check</source>
        <translation>&amp;Jacobi-Matrix und Gradientenprüfung</translation>
    </message>
    <message>
        <source>The Jacobian behind a backward pass, vᵀJ next to .grad, a finite-difference check of the gradients and a sweep plot</source>
        <translation>Die Jacobi-Matrix hinter einem Rückwärtsdurchlauf, vᵀJ neben .grad, eine Prüfung der Gradienten mit finiten Differenzen und ein Abtastdiagramm</translation>
    </message>
    <message>
        <source>Previous Backward Step</source>
        <translation>Voriger Backward-Schritt</translation>
    </message>
    <message>
        <source>Go back one grad_fn in the backward pass being stepped through</source>
        <translation>Eine grad_fn im durchgegangenen Rückwärtsdurchlauf zurückgehen</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Umbenennen…</translation>
    </message>
    <message>
        <source>Give the selected node a name (its variable in the code)</source>
        <translation>Dem gewählten Knoten einen Namen geben (seine Variable im Code)</translation>
    </message>
    <message>
        <source>&amp;Arrange Graph</source>
        <translation>Graph &amp;anordnen</translation>
    </message>
    <message>
        <source>Lay the nodes out in columns, inputs on the left</source>
        <translation>Die Knoten in Spalten anordnen, Eingänge links</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>Zoom to 100 %</source>
        <translation>Auf 100 % zoomen</translation>
    </message>
    <message>
        <source>&amp;Fit Graph in View</source>
        <translation>Graph ein&amp;passen</translation>
    </message>
    <message>
        <source>Zoom and scroll so that every node is visible</source>
        <translation>Zoomen und scrollen, sodass jeder Knoten sichtbar ist</translation>
    </message>
    <message>
        <source>&amp;Snap to Grid</source>
        <translation>Am &amp;Raster ausrichten</translation>
    </message>
    <message>
        <source>Dragged and added nodes land on the background grid</source>
        <translation>Gezogene und hinzugefügte Knoten landen auf dem Hintergrundraster</translation>
    </message>
    <message>
        <source>&amp;Next Cell</source>
        <translation>&amp;Nächste Zelle</translation>
    </message>
    <message>
        <source>The lesson&apos;s next code cell: its nodes selected, the timeline at its moment</source>
        <translation>Die nächste Codezelle der Lektion: ihre Knoten ausgewählt, die Zeitleiste zu ihrem Zeitpunkt</translation>
    </message>
    <message>
        <source>&amp;Previous Cell</source>
        <translation>&amp;Vorige Zelle</translation>
    </message>
    <message>
        <source>The lesson&apos;s previous code cell</source>
        <translation>Die vorige Codezelle der Lektion</translation>
    </message>
    <message>
        <source>&amp;Reset Panel Layout</source>
        <translation>Bereichsanordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts…</source>
        <translation>&amp;Tastenkürzel…</translation>
    </message>
    <message>
        <source>List every command that has a keyboard shortcut</source>
        <translation>Jeden Befehl mit Tastenkürzel auflisten</translation>
    </message>
    <message>
        <source>&amp;About GradStudio</source>
        <translation>&amp;Über GradStudio</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>&amp;Graph</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>&amp;Beispiele</translation>
    </message>
    <message>
        <source>Open the bundled example {name}</source>
        <translation>Das mitgelieferte Beispiel {name} öffnen</translation>
    </message>
</context>
</TS>

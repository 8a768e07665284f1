package org.slotlab.app.knob;

/**
 * A value a knob refuses. {@link #getMessage()} names the knob by its label, as the workbench
 * shows it ("count N: must be between 1 and ..."); {@link #rule()} is the broken rule alone, so
 * the command line can name the option instead ("--count: must be between 1 and ...").
 */
public final class KnobException extends IllegalArgumentException {

    private final transient Knob<?> knob;
    private final String rule;

    public KnobException(Knob<?> knob, String rule) {
        super(knob.label() + ": " + rule);
        this.knob = knob;
        this.rule = rule;
    }

    public Knob<?> knob() {
        return knob;
    }

    public String rule() {
        return rule;
    }
}

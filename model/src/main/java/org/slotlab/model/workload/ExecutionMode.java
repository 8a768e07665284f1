package org.slotlab.model.workload;

import java.util.List;
import java.util.Locale;

/**
 * How CRuby runs a loop's instructions: the VM's interpreter, or YJIT's machine code (CRuby's
 * {@code yjit/} compiler, enabled by {@code ruby --yjit}, or {@code RUBY_YJIT_ENABLE=1} from 3.2).
 * The calls an allocation loop makes ({@code Class#new}, {@code Class#allocate}, a Ruby
 * {@code initialize} and its {@code setinstancevariable}s) cost differently in each, so each has
 * its own coefficients; slots, mallocs and GCs are the same C code in both.
 */
public enum ExecutionMode {
    /** The interpreter: vm_exec_core (vm_exec.c) dispatching each instruction. */
    INTERPRETER("off", "interpreter"),
    /** YJIT: the method compiled to machine code once it has been called often enough (yjit.c rb_yjit_compile_iseq). */
    YJIT("on", "YJIT");

    private final String option;
    private final String label;

    ExecutionMode(String option, String label) {
        this.option = option;
        this.label = label;
    }

    /** As {@code --yjit} spells it: {@code off} or {@code on}. */
    public String option() {
        return option;
    }

    /** "interpreter" or "YJIT", for reports. */
    public String label() {
        return label;
    }

    /** The options, in order: off, on. */
    public static List<String> options() {
        return List.of(INTERPRETER.option, YJIT.option);
    }

    /** {@code off} or {@code on} (also {@code interpreter}, {@code yjit}); the message names the accepted words. */
    public static ExecutionMode parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "off", "interpreter" -> INTERPRETER;
            case "on", "yjit" -> YJIT;
            default -> throw new IllegalArgumentException("'" + (text == null ? "" : text.strip()) + "' is not off or on");
        };
    }
}

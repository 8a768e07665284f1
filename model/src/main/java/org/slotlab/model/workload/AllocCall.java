package org.slotlab.model.workload;

import java.util.List;
import java.util.Locale;

/**
 * Which method a loop calls to make each object: {@code klass.new} or {@code klass.allocate}.
 * Both take the slot {@code rb_class_allocate_instance} sizes for the class (object.c); only
 * {@code new} then calls {@code initialize}.
 */
public enum AllocCall {
    /**
     * {@code Class#new}: rb_class_new_instance_pass_kw (object.c) allocates with rb_obj_alloc, then
     * rb_obj_call_init_kw dispatches {@code initialize}: the default BasicObject#initialize
     * (rb_obj_dummy0) when the class defines none, or the class's Ruby method. From 3.5 the
     * {@code opt_new} instruction does the same at the call site.
     */
    NEW("new", "klass.new"),
    /** {@code Class#allocate}: rb_class_alloc_m (object.c) calls the class's allocator and nothing else, no initialize. */
    ALLOCATE("allocate", "klass.allocate");

    private final String option;
    private final String expression;

    AllocCall(String option, String expression) {
        this.option = option;
        this.expression = expression;
    }

    /** As {@code --call} spells it: {@code new} or {@code allocate}. */
    public String option() {
        return option;
    }

    /** The Ruby expression: {@code klass.new} or {@code klass.allocate}. */
    public String expression() {
        return expression;
    }

    /** The options, in order: new, allocate. */
    public static List<String> options() {
        return List.of(NEW.option, ALLOCATE.option);
    }

    /** {@code new} or {@code allocate}; the message names the accepted words. */
    public static AllocCall parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (AllocCall c : values()) {
            if (c.option.equals(t)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown call '" + (text == null ? "" : text.strip()) + "' (known: new, allocate)");
    }
}

package org.slotlab.model.classnew;

/**
 * The two ways CRuby runs {@code Foo.new(...)} in Fast Allocations in Ruby 3.5 (Aaron Patterson, "Fast Allocations in
 * Ruby 3.5"): 3.4's C-implemented {@code Class#new} (rb_class_new_instance_pass_kw, object.c),
 * which pushes a C frame, copies the arguments out of the VM stack into C and back into
 * initialize's frame, and, for keywords, first packs them into a Hash because C has no keyword
 * parameters; and 3.5's {@code opt_new} instruction, which allocates the instance at the call site
 * and sends initialize with the arguments left where the caller pushed them: no frame, no copies,
 * no Hash.
 */
public enum NewPath {
    C_CLASS_NEW("3.4", "Class#new in C (3.4.2)"),
    OPT_NEW("3.5", "opt_new (3.5.0dev)");

    private final String version;
    private final String description;

    NewPath(String version, String description) {
        this.version = version;
        this.description = description;
    }

    public String version() {
        return version;
    }

    public String description() {
        return description;
    }
}

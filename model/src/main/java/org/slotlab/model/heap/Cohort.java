package org.slotlab.model.heap;

/** Objects of one spec allocated at ops [first, last], all of the same age (the simulation's unit of the heap's contents). */
final class Cohort {
    final ObjectSpec spec;
    long first;
    long last;
    /** GCs survived (CRuby's object age, RVALUE_OLD_AGE promotes). */
    int age;
    boolean old;

    Cohort(ObjectSpec spec, long first, long last, int age, boolean old) {
        this.spec = spec;
        this.first = first;
        this.last = last;
        this.age = age;
        this.old = old;
    }

    long size() {
        return last - first + 1;
    }

    /** An old cohort that lives forever: it never changes again, so such cohorts are merged per spec. */
    boolean retainedOld() {
        return old && spec.lifetime() == ObjectSpec.RETAINED;
    }
}

package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.Outcome;

/**
 * The one step the LTSV and header parsers repeat: {@code receiver.split(":", 2)} on
 * {@code "key:value"}, called {@code calls} times (CRuby 3.4.5 rb_str_split_m with a string
 * separator and limit 2: an Array, the key by rb_str_subseq (a prefix: a copy), the value by
 * rb_str_subseq (the suffix: shared or copied), string.c split_string / str_subseq). The receiver
 * decides what sharing costs:
 * <ul>
 * <li>{@code fresh}: a new unfrozen string each call ({@code "key:" + value}, its cost paid by
 *     every policy and not counted in objects per call): sharing makes a frozen root every call;</li>
 * <li>{@code reuse}: the same unfrozen string each call: a receiver short enough to embed stays
 *     unshared (rb_str_new_frozen copies it), so sharing makes a root every call too; a longer one
 *     hands its buffer to a root on the first call and later calls share it for free;</li>
 * <li>{@code frozen}: a frozen receiver (a literal under {@code frozen_string_literal: true}):
 *     sharing costs no root.</li>
 * </ul>
 *
 * <p>The separator {@code ":"} is a string literal: in a file without the
 * {@code # frozen_string_literal: true} comment (and in code run by {@code eval}, which does not
 * inherit the comment) every evaluation makes a new string of it (rb_ec_str_resurrect: one 40 B
 * slot, its byte copied; CRuby 3.4's chilled strings too), so {@code literalSeparator} adds that
 * string to every call's setup. Like the fresh receiver it is the caller's expression, not
 * split's: it is not counted in objects per call.
 *
 * @param keyLen           key length, bytes
 * @param valueLen         value length, bytes
 * @param receiver         how the receiver is made
 * @param calls            calls to split
 * @param literalSeparator whether the {@code ":"} literal is a new string every call (no
 *                         {@code frozen_string_literal: true} comment)
 */
public record SplitStep(long keyLen, long valueLen, Receiver receiver, long calls, boolean literalSeparator) {

    /** A split whose separator is a frozen literal (the file has {@code # frozen_string_literal: true}). */
    public SplitStep(long keyLen, long valueLen, Receiver receiver, long calls) {
        this(keyLen, valueLen, receiver, calls, false);
    }

    public SplitStep {
        if (keyLen < 0 || valueLen < 0) {
            throw new IllegalArgumentException("key and value lengths must be >= 0 bytes, got " + keyLen + " and " + valueLen);
        }
        if (calls < 1) {
            throw new IllegalArgumentException("calls must be >= 1, got " + calls);
        }
    }

    /** How the receiver of split is made. */
    public enum Receiver {
        FRESH("fresh"), REUSE("reuse"), FROZEN("frozen");

        private final String label;

        Receiver(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Receiver parse(String option, String s) {
            for (Receiver r : values()) {
                if (r.label.equalsIgnoreCase(s.trim())) {
                    return r;
                }
            }
            throw new IllegalArgumentException(option + ": unknown receiver '" + s + "' (known: fresh, reuse, frozen)");
        }
    }

    public long receiverLen() {
        return keyLen + 1 + valueLen;
    }

    /** One steady-state call: its setup (a fresh receiver, a separator literal made anew) and the split. */
    public Call call(RubyLayout layout, SubseqPolicy policy) {
        StringMachine m = new StringMachine(layout, policy);
        RStr r = switch (receiver) {
            case FRESH -> null;
            case REUSE -> m.existing(receiverLen());
            case FROZEN -> m.existingFrozen(receiverLen());
        };
        if (r != null) {
            split(m, r); // warm-up: what the first call leaves behind (a root a long receiver now shares)
        }
        Trace before = m.trace();
        Trace setup = Trace.EMPTY;
        if (r == null) {
            m.call("+");
            r = m.strNew(receiverLen(), "\"key:\" + value (fresh receiver)", "receiver");
        }
        if (literalSeparator) {
            m.strNew(1, "\":\" (a string literal without frozen_string_literal: a new string every call)", "separator");
        }
        if (receiver == Receiver.FRESH || literalSeparator) {
            setup = m.trace().after(before);
            before = m.trace();
        }
        split(m, r);
        Trace split = m.trace().after(before);
        return new Call(setup, split);
    }

    private void split(StringMachine m, RStr r) {
        m.call("split");
        m.newArray(2, "split(\":\", 2): result");
        m.subseq(r, 0, keyLen, "split: rb_str_subseq (key)", "key");
        m.subseq(r, keyLen + 1, valueLen, "split: rb_str_subseq (value)", "value");
    }

    /**
     * One call: its setup (empty unless the receiver is fresh or the separator a new literal) and the split itself.
     *
     * @param setup what making a fresh receiver and the separator literal allocated
     * @param split what the split allocated
     */
    public record Call(Trace setup, Trace split) {
        /** Objects split allocates per call (Array, key, value, and a root when sharing made one). */
        public int objects() {
            return split.objects();
        }

        public ValueSlice value() {
            return split.slices("value").get(0);
        }
    }

    /** The heap workload and events of {@code calls} calls; every object dies with its call. */
    public OpPlan plan(RubyLayout layout, SubseqPolicy policy) {
        Call c = call(layout, policy);
        List<ObjectSpec> specs = new ArrayList<>();
        for (Allocation a : c.setup().plus(c.split()).allocations()) {
            specs.add(new ObjectSpec(layout.heapIndexOfSlot(a.slotBytes()), a.mallocBytes(), ObjectSpec.IMMEDIATE, a.role()));
        }
        ValueSlice v = c.value();
        String rep = v.shared() ? "shared" : Integer.toString(v.outcome().sliceSlotBytes());
        return new OpPlan(List.of(new Phase(calls, specs)), c.setup().plus(c.split()).events(), c.objects(), rep);
    }

    /**
     * One row of {@code predict split}.
     *
     * @param valueLenBytes   value length
     * @param receiver        receiver kind
     * @param policy          policy name
     * @param valueSlot       "shared" or the value's slot size in bytes
     * @param objectsPerCall  objects split allocates per call
     * @param rootsPerCall    frozen roots per call
     * @param gcCount         GCs over all calls
     * @param nsPerCall       predicted ns per call (setup included)
     * @param speedRatio      master ns / this ns
     */
    public record Row(long valueLenBytes, String receiver, String policy, String valueSlot, int objectsPerCall,
            long rootsPerCall, long gcCount, double nsPerCall, double speedRatio) {
    }

    /** Master and each candidate, for every value length and receiver. */
    public static List<Row> sweep(RubyLayout layout, CostProfile profile, long keyLen, List<Long> valueLens,
            List<Receiver> receivers, List<SubseqPolicy> candidates, long calls) {
        return sweep(layout, profile, keyLen, valueLens, receivers, candidates, calls, null, false);
    }

    /**
     * {@link #sweep} timed in harness {@code h} (null: net of any harness); {@code literalSeparator}:
     * the {@code ":"} literal is a new string every call (no {@code frozen_string_literal: true} comment).
     */
    public static List<Row> sweep(RubyLayout layout, CostProfile profile, long keyLen, List<Long> valueLens,
            List<Receiver> receivers, List<SubseqPolicy> candidates, long calls, HarnessState h, boolean literalSeparator) {
        java.util.Optional<HarnessState> harness = java.util.Optional.ofNullable(h);
        List<Row> rows = new ArrayList<>();
        for (long len : valueLens) {
            for (Receiver r : receivers) {
                SplitStep step = new SplitStep(keyLen, len, r, calls, literalSeparator);
                Outcome base = Experiments.run(layout, profile, step.plan(layout, SubseqPolicies.master()), harness);
                rows.add(row(step, layout, SubseqPolicies.master(), base, base));
                for (SubseqPolicy p : candidates) {
                    rows.add(row(step, layout, p, base, Experiments.run(layout, profile, step.plan(layout, p), harness)));
                }
            }
        }
        return rows;
    }

    private static Row row(SplitStep step, RubyLayout layout, SubseqPolicy p, Outcome base, Outcome o) {
        Call c = step.call(layout, p);
        return new Row(step.valueLen, step.receiver.label(), p.name(), o.representation(), c.objects(),
                c.split().frozenRoots(), o.gcCount(), o.nsPerOp(), o.nsPerOp() == 0 ? 1.0 : base.nsPerOp() / o.nsPerOp());
    }
}

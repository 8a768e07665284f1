package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slotlab.model.classnew.ClassNewCall;
import org.slotlab.model.classnew.ClassNewPrediction;
import org.slotlab.model.classnew.NewPath;
import org.slotlab.model.classnew.ParamKind;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * Why Foo.new with keywords allocates twice the objects on 3.4 and yet, on some layouts, runs no
 * more GCs, said from what the heap simulation of that very run counted: the slots each call takes
 * per heap, which heap ran out of slots and started each GC, and, when the keyword Hash's heap
 * never ran dry, how many slots it held against the Hashes made between two GCs. On a layout
 * where the Hash shares the instance's heap (3.1), or where its heap is the first to run dry,
 * the same sentence says so instead.
 */
final class ClassNewGcNote {

    private ClassNewGcNote() {}

    /** The keyword point the note explains: N = 3 (the article's) when swept, else the fewest keywords above 0. */
    static Optional<ClassNewPrediction> point(List<ClassNewPrediction> rows, String yjit) {
        return rows.stream().filter(r -> r.kind() == ParamKind.KEYWORD && r.params() > 0 && r.yjit().equals(yjit))
                .min(Comparator.comparingInt((ClassNewPrediction r) -> r.params() == 3 ? 0 : 1).thenComparingInt(ClassNewPrediction::params));
    }

    /** The note for the settings' rows, or empty when no keyword call passes a Hash. */
    static String explain(RubyLayout layout, List<ClassNewPrediction> rows, String yjit) {
        return point(rows, yjit).map(r -> explain(layout, r)).orElse("");
    }

    static String explain(RubyLayout layout, ClassNewPrediction r) {
        SimResult a = r.sim34();
        SimResult b = r.sim35();
        List<ObjectSpec> objects34 = new ClassNewCall(r.kind(), r.params(), NewPath.C_CLASS_NEW).objects(layout);
        ObjectSpec instance = objects34.get(0);
        ObjectSpec hash = objects34.stream().filter(o -> !o.role().equals(instance.role())).findFirst().orElse(null);
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "Keyword N = %d on %s: each call takes %s on 3.4, %s on 3.5. ",
                r.params(), layout.name(), slots(layout, a, objects34),
                slots(layout, b, new ClassNewCall(r.kind(), r.params(), NewPath.OPT_NEW).objects(layout))));
        out.append(String.format(Locale.ROOT, "GCs on 3.4: %s; on 3.5: %s. ", gcs(layout, a), gcs(layout, b)));
        if (hash == null) {
            return out.toString().trim();
        }
        int ih = instance.heap();
        int hh = hash.heap();
        String objects = r.objectsPerCall34() == 2 * r.objectsPerCall35() ? "Twice the objects"
                : r.objectsPerCall34() + " objects against " + r.objectsPerCall35();
        if (hh == ih) {
            out.append(String.format(Locale.ROOT, "%s, %s: both take %d B slots, so that heap runs dry %.1fx as often.", objects,
                    a.gcCount() == b.gcCount() ? "the same GCs" : "more GCs", layout.slotSize(ih),
                    b.gcCount() == 0 ? 0.0 : (double) a.gcCount() / b.gcCount()));
        } else if (a.gcsBySlots(hh) == 0) {
            long slots = layout.slotsInPages(hh, a.peakPages()[hh]);
            long perCycle = a.ops() / (a.gcCount() + 1);
            out.append(String.format(Locale.ROOT, "%s, %s: the %d B heap the Hash lands in never ran dry (its %,d slots in %d pages,"
                            + " %d at the start, outnumber the %,d Hashes made between two GCs, and each GC sweeps them all), so GCs"
                            + " start only when the %d B heap runs out, as often as without the Hash.",
                    objects, a.gcCount() == b.gcCount() ? "the same GCs" : String.format(Locale.ROOT, "%,d GCs against %,d",
                            a.gcCount(), b.gcCount()),
                    layout.slotSize(hh), slots, a.peakPages()[hh], a.startPages()[hh], perCycle, layout.slotSize(ih)));
        } else {
            out.append(String.format(Locale.ROOT, "%s, more GCs: the %d B heap the Hash lands in runs dry first; it started with %,d"
                            + " slots against the %d B heap's %,d.", objects, layout.slotSize(hh),
                    layout.slotsInPages(hh, a.startPages()[hh]), layout.slotSize(ih),
                    layout.slotsInPages(ih, a.startPages()[ih])));
        }
        return out.toString();
    }

    /** "a 40 B slot (the instance) and a 160 B slot (the keyword Hash)": the run's slots per call, per heap. */
    private static String slots(RubyLayout layout, SimResult s, List<ObjectSpec> objects) {
        List<String> parts = new ArrayList<>();
        for (int h = 0; h < s.allocations().length; h++) {
            long perCall = s.ops() == 0 ? 0 : s.allocations()[h] / s.ops();
            if (perCall == 0) {
                continue;
            }
            final int heap = h;
            List<String> roles = objects.stream().filter(o -> o.heap() == heap).map(o -> "the " + o.role()).toList();
            String count = perCall == 2 ? "two" : perCall == 3 ? "three" : Long.toString(perCall);
            parts.add((perCall == 1 ? "a " + layout.slotSize(h) + " B slot" : count + " " + layout.slotSize(h) + " B slots")
                    + " (" + String.join(" and ", roles) + ")");
        }
        return parts.isEmpty() ? "no slot" : String.join(" and ", parts);
    }

    /** "7,142 (all out of slots in the 40 B heap)". */
    private static String gcs(RubyLayout layout, SimResult s) {
        return s.gcCount() == 0 ? "none" : String.format(Locale.ROOT, "%,d (%s)", s.gcCount(), s.gcTriggerParts(layout));
    }
}

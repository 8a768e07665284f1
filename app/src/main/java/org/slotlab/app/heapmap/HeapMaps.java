package org.slotlab.app.heapmap;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.charts.HeapMapPicture;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heapmap.HeapMapReplay;
import org.slotlab.model.heapmap.SlotState;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;

/**
 * The heap map of the substring scenario: the slice loop of one length, baseline and candidate,
 * replayed slot by slot ({@link HeapMapReplay}) and drawn by {@link HeapMapPicture}. The loop is
 * one an audience can watch: {@link #OPS} slices (or N if smaller), each kept for the next
 * {@link #KEPT_SHARE} of the loop's ops in a ring (so GCs free the old ones while shared slices
 * keep their frozen roots alive), the scenario's layout, source and slice position.
 */
public final class HeapMaps {

    /** The chart id of the heap map ({@code render --chart heap-map}, a talk step's view). */
    public static final String CHART_ID = "heap-map";
    /** Slices the heap map replays by default: enough for tens of GCs, small enough to store every slot. */
    public static final long OPS = 200_000;
    /** Slice length of the heap map, bytes: on ruby-4.1-dev always-embed puts it in a 640 B slot (24 + 500 + 1 = 525 B). */
    public static final long LEN = 500;
    /** Share of the loop's ops a slice stays reachable (kept in a ring, as {@code --keep ring}). */
    public static final double KEPT_SHARE = 0.1;
    /** Layout size of a rendered heap map, px. */
    public static final int WIDTH = 1600;
    public static final int HEIGHT = 900;

    private HeapMaps() {}

    /** The scenarios the heap map draws. */
    public static boolean supports(String scenario) {
        return scenario.equals("substring-cutoff");
    }

    /** The loop the heap map replays for settings {@code s}, length {@code len}, {@code ops} slices. */
    public static SliceLoop loop(Settings s, long len, long ops) {
        SliceLoop base = SubstringCutoffScenario.loop(s).withLen(len);
        long n = Math.max(1, Math.min(ops, Math.min(s.get(SubstringCutoffScenario.COUNT), HeapMapReplay.MAX_OPS)));
        long kept = Math.max(1, (long) (n * KEPT_SHARE));
        return new SliceLoop(len, base.sourceLen(), base.source(), base.position(), n, kept, KeepMode.RING, true);
    }

    /** Baseline and candidate, each a fresh replay at op 0. */
    public static List<HeapMapPicture.Side> sides(Settings s, long len, long ops) {
        if (!supports(s.scenario())) {
            throw new IllegalArgumentException("the heap map draws the substring scenario (substring-cutoff), not " + s.scenario());
        }
        RubyLayout layout = ModelInputs.layout(s);
        SliceLoop loop = loop(s, len, ops);
        String b = s.get(SubstringCutoffScenario.BASELINE);
        String c = s.get(SubstringCutoffScenario.CANDIDATE);
        return List.of(side(layout, loop, b), side(layout, loop, c));
    }

    private static HeapMapPicture.Side side(RubyLayout layout, SliceLoop loop, String policyText) {
        SubseqPolicy policy = SubseqPolicies.parse(policyText);
        SubseqOutcome o = loop.outcome(layout, policy);
        return new HeapMapPicture.Side(policyText, new HeapMapReplay(layout, loop.plan(layout, policy).phases(), spec -> classify(spec, o)));
    }

    /** What each object of the slice loop is, from its role and the slice's representation. */
    static SlotState classify(ObjectSpec spec, SubseqOutcome o) {
        return switch (spec.role()) {
            case "root" -> SlotState.FROZEN_ROOT;
            case "slice" -> o.representation() == Representation.SHARED ? SlotState.SHARED
                    : spec.mallocBytes() > 0 ? SlotState.MALLOC_OWNER : SlotState.EMBEDDED;
            case "source" -> spec.mallocBytes() > 0 ? SlotState.MALLOC_OWNER : SlotState.EMBEDDED;
            default -> SlotState.OTHER;
        };
    }

    /** The title over a heap map. */
    public static String title(Settings s, long len) {
        return "Heap map: " + len + " B slices, " + s.get(SubstringCutoffScenario.SOURCE) + " "
                + s.get(SubstringCutoffScenario.POSITION) + " source, " + ModelInputs.layout(s).name();
    }

    /** The heap map at op {@code atOp} (the end of the loop when negative or past it), as an image. */
    public static BufferedImage render(Settings s, long len, long ops, long atOp, int width, int height, double scale) {
        List<HeapMapPicture.Side> sides = sides(s, len, ops);
        for (HeapMapPicture.Side side : sides) {
            side.replay().advanceTo(atOp < 0 ? Long.MAX_VALUE : atOp);
        }
        return HeapMapPicture.render(sides, title(s, len), width, height, scale, -1);
    }

    public static void png(BufferedImage img, Path file) throws IOException {
        try (var out = Files.newOutputStream(file)) {
            ImageIO.write(img, "png", out);
        }
    }
}

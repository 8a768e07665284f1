package org.slotlab.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heapmap.HeapMapReplay;
import org.slotlab.model.heapmap.SlotState;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;

class HeapMapPictureTest {

    /** Master on a fresh (unfrozen) source: every slice shares and makes a frozen root; kept in a ring. */
    static HeapMapReplay replay(String policyText) {
        RubyLayout layout = RubyLayout.ruby41dev();
        SubseqPolicy policy = SubseqPolicies.parse(policyText);
        SliceLoop loop = new SliceLoop(100, 10_000, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX, 40_000, 4_000,
                KeepMode.RING, true);
        SubseqOutcome o = loop.outcome(layout, policy);
        return new HeapMapReplay(layout, loop.plan(layout, policy).phases(), s -> switch (s.role()) {
            case "root" -> SlotState.FROZEN_ROOT;
            case "slice" -> o.representation() == Representation.SHARED ? SlotState.SHARED
                    : s.mallocBytes() > 0 ? SlotState.MALLOC_OWNER : SlotState.EMBEDDED;
            default -> s.mallocBytes() > 0 ? SlotState.MALLOC_OWNER : SlotState.EMBEDDED;
        });
    }

    @Test
    void everyHeapsPixels_haveTheColoursOfItsSlotStates_inTheSimulationsCounts() {
        // given: the replay stopped right after a GC, so its counts are the simulation's
        HeapMapReplay r = replay("master");
        List<HeapSimulator.GcEvent> events = r.gcEvents();
        assertThat(events).hasSizeGreaterThan(2);
        long[] checkedHeaps = {0};
        r.onGc(e -> {
            if (r.gcCount() == 3) {
                checkedHeaps[0] = checkPixels(r, e);
            }
        });
        r.advanceTo(Long.MAX_VALUE);
        assertThat(checkedHeaps[0]).isPositive();
        // and master made frozen roots and shared slices, both alive
        long roots = 0;
        long shared = 0;
        for (int h = 0; h < r.heapCount(); h++) {
            roots += r.count(h, SlotState.FROZEN_ROOT, null);
            shared += r.count(h, SlotState.SHARED, null);
        }
        assertThat(roots).isPositive();
        assertThat(shared).isPositive();
    }

    /** Paints every heap the workload uses at one pixel per slot and checks its colours; returns the heaps checked. */
    private static long checkPixels(HeapMapReplay r, HeapSimulator.GcEvent third) {
        long heaps = 0;
        for (int h = 0; h < r.heapCount(); h++) {
            if (!r.usesHeap(h)) {
                continue;
            }
            // when: one pixel per slot (a column per page, a pixel row per slot)
            int w = r.pages(h);
            int hh = r.slotsPerPage(h);
            int[] px = new int[w * hh];
            HeapMapPicture.paintHeap(px, w, r, h, 0, 0, w, hh, -1);
            Map<Integer, Long> pixels = new HashMap<>();
            for (int p : px) {
                pixels.merge(p, 1L, Long::sum);
            }
            // then: each colour counts the slots of its state, and the occupied ones are the simulation's
            long occupied = 0;
            for (SlotState s : SlotState.values()) {
                for (boolean old : new boolean[] {false, true}) {
                    long slots = r.count(h, s, old);
                    if (s == SlotState.FREE) {
                        continue;
                    }
                    occupied += slots;
                    assertThat(pixels.getOrDefault(HeapMapPicture.rgb(s, old), 0L)).as("heap %d %s old=%s", h, s, old)
                            .isEqualTo(slots);
                }
            }
            assertThat(pixels.getOrDefault(HeapMapPicture.rgb(SlotState.FREE, false), 0L))
                    .isEqualTo(r.count(h, SlotState.FREE, null));
            assertThat(occupied).isEqualTo(third.occupied()[h]);
            heaps++;
        }
        return heaps;
    }

    @Test
    void picture_isTheAskedSize_andShowsBothSides() {
        List<HeapMapPicture.Side> sides = List.of(new HeapMapPicture.Side("master", replay("master")),
                new HeapMapPicture.Side("cutoff:256", replay("cutoff:256")));
        sides.forEach(s -> s.replay().advanceTo(20_000));
        BufferedImage img = HeapMapPicture.render(sides, "t", 800, 450, 2, -1);
        assertThat(img.getWidth()).isEqualTo(1600);
        assertThat(img.getHeight()).isEqualTo(900);
        // the candidate copies slices of 100 B: embedded strings appear on its side only
        assertThat(sides.get(1).replay().count(4, SlotState.EMBEDDED, null)
                + sides.get(1).replay().count(3, SlotState.EMBEDDED, null)).isPositive();
    }

    /** What a pixel of a heap's picture shows, read pixel by pixel: page column, slot row, gap, sweep front. */
    private static int expectedPixel(HeapMapReplay r, int hp, int x, int yy, int w, int h, double front) {
        int pages = r.pages(hp);
        int spp = r.slotsPerPage(hp);
        double colW = (double) w / pages;
        int page = Math.min(pages - 1, (int) (x / colW));
        if (colW >= 3 && (int) ((x + 1) / colW) != page && (x + 1) < w) {
            return 0; // the gap between pages keeps what was there
        }
        int frontPage = front >= 0 && front < 1 ? (int) Math.floor(front * pages) : -1;
        if (page == frontPage && x == (int) Math.ceil(page * colW)) {
            return HeapMapPicture.FRONT.getRGB();
        }
        int i = page * spp + (int) ((long) yy * spp / h);
        return page > frontPage && frontPage >= 0 ? HeapMapPicture.rgb(r.stateBeforeLastGc(hp, i), false)
                : HeapMapPicture.rgb(r.state(hp, i), r.old(hp, i));
    }

    @Test
    void paintHeap_writesWhatEachPixelShows_atAnySize_withGapsAndTheSweepFront() {
        HeapMapReplay r = replay("always-embed");
        r.advance(25_000);
        for (int hp = 0; hp < r.heapCount(); hp++) {
            if (!r.usesHeap(hp)) {
                continue;
            }
            for (int[] size : new int[][] {{7, 5}, {333, 97}, {1500, 300}, {r.pages(hp) * 4, 61}}) {
                for (double front : new double[] {-1, 0.0, 0.42, 0.999}) {
                    int w = size[0];
                    int h = size[1];
                    // when: painted at an offset inside a larger raster
                    int imgW = w + 10;
                    int[] px = new int[imgW * (h + 4)];
                    HeapMapPicture.paintHeap(px, imgW, r, hp, 6, 2, w, h, front);
                    // then: every pixel is what the replay says, and nothing outside the area was written
                    for (int y = 0; y < h + 4; y++) {
                        for (int x = 0; x < imgW; x++) {
                            boolean inside = x >= 6 && x < 6 + w && y >= 2 && y < 2 + h;
                            int want = inside ? expectedPixel(r, hp, x - 6, y - 2, w, h, front) : 0;
                            assertThat(px[y * imgW + x]).as("heap %d %dx%d front %s at (%d, %d)", hp, w, h, front, x, y)
                                    .isEqualTo(want);
                        }
                    }
                }
            }
        }
    }

    @Test
    void render_drawsIntoTheImageItIsGiven_whenTheSizeFits() {
        List<HeapMapPicture.Side> sides = List.of(new HeapMapPicture.Side("master", replay("master")));
        double[] none = {-1};
        BufferedImage first = HeapMapPicture.render(sides, "t", 400, 300, 1, none, null);
        BufferedImage again = HeapMapPicture.render(sides, "t", 400, 300, 1, none, first);
        BufferedImage bigger = HeapMapPicture.render(sides, "t", 401, 300, 1, none, first);
        assertThat(again).isSameAs(first);
        assertThat(bigger).isNotSameAs(first);
        assertThat(bigger.getWidth()).isEqualTo(401);
    }
}

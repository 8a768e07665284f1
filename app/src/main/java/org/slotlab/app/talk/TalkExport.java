package org.slotlab.app.talk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.SlotlabTheme;

/**
 * A talk as numbered PNG slides, {@code slide-01.png} onwards, 1920 x 1080 px at scale 1: each
 * step computed as the workbench computes it and drawn by {@link SlideRenderer}. Used by the
 * workbench and by {@code slotlab render-talk}.
 */
public final class TalkExport {

    private TalkExport() {}

    /** The file name of slide {@code index} (0-based) of a talk of {@code count} steps. */
    public static String fileName(int index, int count) {
        int digits = Math.max(2, Integer.toString(count).length());
        return String.format(java.util.Locale.ROOT, "slide-%0" + digits + "d.png", index + 1);
    }

    /** Writes every slide into {@code dir} (made if missing); returns the files in step order. */
    public static List<Path> pngs(Talk talk, Path dir, double scale, BooleanSupplier cancelled) throws IOException {
        if (talk.size() == 0) {
            throw new IllegalArgumentException("the talk has no steps");
        }
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < talk.size(); i++) {
            if (cancelled.getAsBoolean()) {
                throw new java.util.concurrent.CancellationException("export cancelled");
            }
            TalkStep s = talk.step(i);
            ScenarioRun run = ScenarioRegistry.byId(s.scenario()).compute(s.state(), SlotlabTheme.standard(), cancelled);
            Path f = dir.resolve(fileName(i, talk.size()));
            SlideRenderer.png(SlideRenderer.render(s, run, i, talk.size(), scale), f);
            out.add(f);
        }
        return out;
    }
}

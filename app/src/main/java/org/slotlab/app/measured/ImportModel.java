package org.slotlab.app.measured;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.Importers;
import org.slotlab.model.measured.MeasuredPoint;
import org.slotlab.model.measured.NameMapping;

/**
 * The state of File > Import measured results, without the toolkit: the chosen file, the format
 * ({@value Importers#AUTO} detects it, {@link Importers#auto}) and the editable name mapping text
 * ({@link NameMapping}, defaults {@code size(\d+) => len} ...). {@link #preview()} reads the file
 * as it would be imported and says what was recognised, where its points go, or the importer's
 * {@code file:line:} message; {@link #overlay()} is the overlay an OK would add, present only
 * when the preview succeeded, so nothing half-imported ever reaches the charts.
 */
public final class ImportModel {

    /** Benchmarks listed in the preview before "and N more". */
    static final int PREVIEW_BENCHMARKS = 12;

    private Path file;
    private String format = Importers.AUTO;
    private String mapping = NameMapping.defaults().toText();
    private Overlay overlay;
    private String message = "Choose a results file.";
    private boolean ok;

    /** The formats the format box offers: auto, then each importer's. */
    public static List<String> formats() {
        List<String> all = new ArrayList<>();
        all.add(Importers.AUTO);
        all.addAll(Importers.formats());
        return all;
    }

    public Path file() {
        return file;
    }

    public String format() {
        return format;
    }

    public String mapping() {
        return mapping;
    }

    public void setFile(Path file) {
        this.file = file;
        preview();
    }

    public void setFormat(String format) {
        this.format = format == null ? Importers.AUTO : format;
        preview();
    }

    public void setMapping(String text) {
        this.mapping = text == null ? "" : text;
        preview();
    }

    /** True when the current file, format and mapping import cleanly. */
    public boolean ok() {
        return ok;
    }

    /** What the preview says: what was recognised, or why it cannot be imported. */
    public String message() {
        return message;
    }

    /** The overlay OK would add; empty unless {@link #ok()}. */
    public Optional<Overlay> overlay() {
        return ok ? Optional.of(overlay) : Optional.empty();
    }

    /** The source a scenario file would store for this import. */
    public Optional<OverlaySource> source() {
        return overlay().map(Overlay::source);
    }

    /** Reads the file with the current format and mapping; updates {@link #ok()} and {@link #message()}. */
    public boolean preview() {
        ok = false;
        overlay = null;
        if (file == null) {
            message = "Choose a results file.";
            return false;
        }
        if (!Files.isRegularFile(file)) {
            message = file + ": no such file";
            return false;
        }
        try {
            Overlay o = Overlay.load(new OverlaySource(file.toAbsolutePath().toString(), format, mapping));
            overlay = o;
            ok = true;
            message = describe(o);
        } catch (ImportException e) {
            message = e.getMessage();
        } catch (IllegalArgumentException e) {
            message = file + ": " + e.getMessage();
        }
        return ok;
    }

    /** Tool, executables, benchmarks with their mapped parameter, and where the points go. */
    static String describe(Overlay o) {
        var set = o.set();
        StringBuilder sb = new StringBuilder();
        sb.append("Tool: ").append(set.tool()).append(" (format ").append(set.format()).append(")\n");
        sb.append("Executables: ").append(set.executables().isEmpty() ? "(one, unnamed)" : String.join(", ", set.executables()))
                .append('\n');
        sb.append("Metrics: ").append(String.join(", ", set.metrics())).append('\n');
        List<String> benches = set.benchmarks();
        sb.append("Benchmarks (").append(benches.size()).append("):");
        int n = 0;
        for (String b : benches) {
            if (n++ == PREVIEW_BENCHMARKS) {
                sb.append(" and ").append(benches.size() - PREVIEW_BENCHMARKS).append(" more");
                break;
            }
            String param = set.points().stream().filter(p -> p.benchmark().equals(b)).map(MeasuredPoint::parameter)
                    .flatMap(Optional::stream).findFirst().map(Object::toString).orElse("unmapped");
            sb.append(n == 1 ? " " : ", ").append(b).append(" -> ").append(param);
        }
        sb.append('\n');
        if (o.series().isEmpty()) {
            sb.append("Nothing to overlay: no point maps to len or slot_size with a time, ratio or GC count. Edit the mapping.");
        } else {
            sb.append("Overlays:\n");
            for (OverlaySeries s : o.series()) {
                sb.append(String.format(Locale.ROOT, "  %s chart: %s, %d points%n", chartName(s), s.name(), s.points().size()));
            }
        }
        return sb.toString().stripTrailing();
    }

    /** Human name of a series' target chart. */
    public static String chartName(OverlaySeries s) {
        return switch (s.chart()) {
            case OverlaySeries.SPEED_RATIO -> "speed ratio per length";
            case OverlaySeries.GC_COUNT -> "GC count per length";
            case OverlaySeries.NS_PER_OP -> "predicted vs measured (ns per op)";
            case OverlaySeries.SLOT_SIZE -> s.axis() == 0 ? "slot sizes (ns per op)" : "slot sizes (GC count)";
            default -> s.chart();
        };
    }
}

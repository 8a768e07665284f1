package org.slotlab.app.measured;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.Importers;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.NameMapping;

/**
 * An imported results file shown on the workbench's charts: where it came from
 * ({@link OverlaySource}), what the importer read ({@link MeasuredSet}, via
 * {@link Importers#read}) and the series it gives ({@link OverlaySeries#derive}). Its
 * {@link #label()}, {@code measured: FILE (TOOL)}, starts every legend entry. Loading is all or
 * nothing: a malformed file or mapping throws the importer's {@code file:line:} message and no
 * overlay exists.
 *
 * @param source where it came from
 * @param set    what was read, mapped
 * @param label  {@code measured: FILE (TOOL)}
 * @param series the chart series
 */
public record Overlay(OverlaySource source, MeasuredSet set, String label, List<OverlaySeries> series) {

    public Overlay {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(set, "set");
        series = List.copyOf(series);
    }

    /** Reads the file of {@code source} with its format and mapping. */
    public static Overlay load(OverlaySource source) throws ImportException {
        NameMapping mapping = source.mapping().isBlank() ? NameMapping.defaults()
                : NameMapping.parse(source.mapping(), "name mapping");
        Path file = Path.of(source.path());
        MeasuredSet set = Importers.read(file, source.format(), mapping);
        return of(source, set);
    }

    /** An overlay of a set already read (e.g. the workbench's own measurement). */
    public static Overlay of(OverlaySource source, MeasuredSet set) {
        Path name = Path.of(source.path()).getFileName();
        return of(source, set, "measured: " + (name == null ? source.path() : name) + " (" + set.tool() + ")");
    }

    /** The same with another legend label. */
    public static Overlay of(OverlaySource source, MeasuredSet set, String label) {
        return new Overlay(source, set, label, OverlaySeries.derive(set, label));
    }

    /**
     * The Ruby major.minor the file names for every executable ("ruby 3.1.2p20 ..." gives 3.1), empty
     * when an executable is named without one (benchmark-driver's compare-ruby, built-ruby) or they differ.
     */
    public Optional<String> ruby() {
        if (set.executables().isEmpty()) {
            return Optional.empty();
        }
        Optional<String> found = Optional.empty();
        for (String exe : set.executables()) {
            Optional<String> v = org.slotlab.app.scenario.ModelContext.rubyVersion(exe);
            if (v.isEmpty() || found.isPresent() && !found.equals(v)) {
                return Optional.empty();
            }
            found = v;
        }
        return found;
    }

    /** The series that go on one chart. */
    public List<OverlaySeries> seriesOn(String chart) {
        return series.stream().filter(s -> s.chart().equals(chart)).collect(Collectors.toList());
    }

    /** One line for the overlay list: label, then which charts and how many points. */
    public String describe() {
        if (series.isEmpty()) {
            return label + ": nothing to draw (metrics " + String.join(", ", set.metrics())
                    + "; no point maps to len or slot_size: edit the name mapping)";
        }
        return label + ": " + series.stream().map(s -> s.quantity() + " (" + s.points().size() + ")").distinct()
                .collect(Collectors.joining(", ")) + OverlaySeries.ratiosNotAPolicy(set).map(w -> "; " + w).orElse("");
    }
}

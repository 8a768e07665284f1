package org.slotlab.app.measured;

import java.nio.file.Path;
import java.util.Objects;
import org.slotlab.model.measured.Importers;

/**
 * Where an overlay of measured results comes from, as a scenario file stores it: the results
 * file, the format it was read as ({@code auto} or one of {@link Importers#formats()}) and the
 * name mapping text ({@link org.slotlab.model.measured.NameMapping#toText()}), so that opening the
 * scenario re-imports exactly what was shown.
 *
 * @param path    the results file; relative paths are resolved against the scenario file's folder
 * @param format  {@value Importers#AUTO} or an importer's format name
 * @param mapping the name mapping, one {@code regex => parameter} rule a line
 */
public record OverlaySource(String path, String format, String mapping) {

    public OverlaySource {
        Objects.requireNonNull(path, "path");
        if (path.isBlank()) {
            throw new IllegalArgumentException("overlay path must not be blank");
        }
        format = format == null || format.isBlank() ? Importers.AUTO : format;
        if (!format.equals(Importers.AUTO) && Importers.byFormat(format).isEmpty()) {
            throw new IllegalArgumentException("overlay format '" + format + "' is neither " + Importers.AUTO + " nor one of "
                    + String.join(", ", Importers.formats()));
        }
        mapping = mapping == null ? "" : mapping;
    }

    /** The file, resolved against {@code base} (the scenario file's folder) when relative. */
    public Path resolve(Path base) {
        Path p = Path.of(path);
        return p.isAbsolute() || base == null ? p : base.resolve(p).normalize();
    }

    /** The same source with its path written relative to {@code base} when the file lies under it. */
    public OverlaySource relativeTo(Path base) {
        Path p = Path.of(path).toAbsolutePath().normalize();
        if (base == null) {
            return this;
        }
        Path b = base.toAbsolutePath().normalize();
        return p.startsWith(b) ? new OverlaySource(b.relativize(p).toString(), format, mapping) : this;
    }
}

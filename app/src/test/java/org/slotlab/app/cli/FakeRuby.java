package org.slotlab.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Fake {@code ruby} executables for the command-line tests: /bin/sh scripts that answer the
 * runner's {@code RUBY_VERSION} query ({@code ruby --disable-gems -e ...}) and then do what the
 * test needs (print a committed probe output, fail, hang, print garbage), as RubyProbeRunnerTest does.
 */
final class FakeRuby {

    private FakeRuby() {
    }

    /** A fake answering {@code version} and then running {@code body} ($2 is the probe script's path). */
    static Path script(Path dir, String name, String version, String body) throws IOException {
        Path p = dir.resolve(name);
        String script = "#!/bin/sh\n"
                + "if [ \"$2\" = \"-e\" ]; then printf '%s' '" + version + "'; exit 0; fi\n"
                + body + "\n";
        Files.writeString(p, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    /** Copies a classpath resource to a file in {@code dir}. */
    static Path resource(Path dir, String resource) throws IOException {
        try (InputStream in = FakeRuby.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("test resource missing: " + resource);
            }
            Path f = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
            Files.copy(in, f, StandardCopyOption.REPLACE_EXISTING);
            return f;
        }
    }

    /**
     * A fake that prints the committed output of each probe it is asked to run: layout.rb's, the
     * harness and timing units of {@code readingsResource} (calibration readings), measure.rb's.
     */
    static Path replaying(Path dir, String version, String layoutResource, String readingsResource, String measureResource) throws IOException {
        return script(dir, "ruby", version, org.slotlab.app.calibrate.FakeRubies.replayCases(dir, layoutResource, readingsResource, measureResource));
    }
}

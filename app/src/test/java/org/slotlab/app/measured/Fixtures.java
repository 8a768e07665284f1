package org.slotlab.app.measured;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Test helper: copies the importers' fixture files (real output of benchmark-driver,
 * benchmark-ips, ruby-bench; see model/src/test/resources/measured/README.md) into a test folder.
 */
public final class Fixtures {

    /** The model module's fixture folder, seen from the app module's folder (surefire's working directory). */
    static final Path MODEL_FIXTURES = Path.of("..", "model", "src", "test", "resources", "measured");

    private Fixtures() {
    }

    /** Copies {@code name} from the model's fixtures into {@code dir}. */
    public static Path copy(String name, Path dir) throws IOException {
        Path src = MODEL_FIXTURES.resolve(name);
        if (Files.isRegularFile(src)) {
            return Files.copy(src, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
        try (InputStream in = Fixtures.class.getResourceAsStream("/sample-data/measured/" + name)) {
            if (in == null) {
                throw new IOException("fixture missing: " + name);
            }
            Path f = dir.resolve(name);
            Files.copy(in, f, StandardCopyOption.REPLACE_EXISTING);
            return f;
        }
    }
}

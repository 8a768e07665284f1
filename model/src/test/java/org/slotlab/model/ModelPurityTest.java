package org.slotlab.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The model stays pure Java: no JavaFX, no AWT/Swing, no JFreeChart (HOUSE.md, "the shape of the house"). */
class ModelPurityTest {

    private static final Pattern FORBIDDEN = Pattern.compile("^\\s*import\\s+(static\\s+)?(javafx\\.|java\\.awt\\.|javax\\.swing\\.|org\\.jfree\\.)",
            Pattern.MULTILINE);

    @Test
    void modelSources_importNoUiToolkit() throws IOException {
        Path src = Path.of("src/main/java");
        assertThat(src).isDirectory();
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(src)) {
            offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    return FORBIDDEN.matcher(Files.readString(p)).find();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
        assertThat(offenders).as("model sources importing a UI toolkit").isEmpty();
    }

    @Test
    void forbiddenPattern_catchesAnAwtImport() {
        assertThat(FORBIDDEN.matcher("package x;\nimport java.awt.Color;\n").find()).isTrue();
        assertThat(FORBIDDEN.matcher("import java.util.List;\n").find()).isFalse();
    }
}

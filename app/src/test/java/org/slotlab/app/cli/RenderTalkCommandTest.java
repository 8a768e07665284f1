package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.talk.Talk;
import org.slotlab.app.talk.TalkFile;
import org.slotlab.app.talk.TalkFixtures;

class RenderTalkCommandTest {

    @Test
    void threeSteps_giveThreeNumberedSlides_of1920x1080(@TempDir Path dir) throws Exception {
        // given
        Path talk = dir.resolve("t" + TalkFile.SUFFIX);
        TalkFile.save(TalkFixtures.small(), talk);
        // when
        CliRun r = CliRun.run("render-talk", talk.toString(), "--png-dir", dir.resolve("slides").toString());
        // then
        assertThat(r.exitCode).as(r.err.toString()).isZero();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir.resolve("slides"))) {
            files = s.sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("slide-01.png", "slide-02.png", "slide-03.png");
        for (Path p : files) {
            BufferedImage img = ImageIO.read(p.toFile());
            assertThat(img.getWidth()).isEqualTo(1920);
            assertThat(img.getHeight()).isEqualTo(1080);
        }
    }

    @Test
    void scale2_doublesThePixels(@TempDir Path dir) throws Exception {
        Path talk = dir.resolve("t" + TalkFile.SUFFIX);
        TalkFile.save(new Talk("one", TalkFixtures.small().steps().subList(0, 1)), talk);
        CliRun r = CliRun.run("render-talk", talk.toString(), "--png-dir", dir.toString(), "--scale", "2");
        assertThat(r.exitCode).as(r.err.toString()).isZero();
        BufferedImage img = ImageIO.read(dir.resolve("slide-01.png").toFile());
        assertThat(img.getWidth()).isEqualTo(3840);
        assertThat(img.getHeight()).isEqualTo(2160);
    }

    @Test
    void newerTalk_isOneLineAndExit2(@TempDir Path dir) throws Exception {
        Path talk = dir.resolve("n" + TalkFile.SUFFIX);
        Files.writeString(talk, "{\n  \"slotlabTalkVersion\" : 2,\n  \"steps\" : [ ]\n}\n");
        CliRun r = CliRun.run("render-talk", talk.toString(), "--png-dir", dir.toString());
        assertThat(r.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(r.err.toString().strip()).isEqualTo("slotlab: " + talk + ":2: talk format version 2 is newer than "
                + "this Slotlab reads (1); open it with a newer Slotlab");
    }

    @Test
    void scale3_isRefused(@TempDir Path dir) throws Exception {
        Path talk = dir.resolve("t" + TalkFile.SUFFIX);
        TalkFile.save(TalkFixtures.small(), talk);
        CliRun r = CliRun.run("render-talk", talk.toString(), "--png-dir", dir.toString(), "--scale", "3");
        assertThat(r.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(r.err.toString()).contains("--scale must be 1 or 2, got 3");
    }

    @Test
    void pdf_hasOneSixteenByNinePagePerStep_drawnAsVectors(@TempDir Path dir) throws Exception {
        Path talk = dir.resolve("t" + TalkFile.SUFFIX);
        TalkFile.save(TalkFixtures.small(), talk);
        Path pdf = dir.resolve("talk.pdf");

        CliRun r = CliRun.run("render-talk", talk.toString(), "--pdf", pdf.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.out.toString()).contains("wrote " + pdf + " (3 pages)");
        com.lowagie.text.pdf.PdfReader reader = new com.lowagie.text.pdf.PdfReader(pdf.toString());
        try {
            assertThat(reader.getNumberOfPages()).isEqualTo(3);
            java.util.Set<String> pages = new java.util.HashSet<>();
            for (int i = 1; i <= 3; i++) {
                assertThat(reader.getPageSize(i).getWidth()).isEqualTo(960f);
                assertThat(reader.getPageSize(i).getHeight()).isEqualTo(540f);
                byte[] content = reader.getPageContent(i);
                // a chart drawn as paths: thousands of path operators, not one image
                assertThat(new String(content, java.nio.charset.StandardCharsets.ISO_8859_1).split(" re\\n| l\\n| c\\n").length)
                        .as("drawing operators on page %d", i).isGreaterThan(200);
                pages.add(java.util.Arrays.toString(java.security.MessageDigest.getInstance("SHA-256").digest(content)));
            }
            assertThat(pages).as("every page draws its own step").hasSize(3);
        } finally {
            reader.close();
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("t" + TalkFile.SUFFIX, "talk.pdf");
        }
    }

    @Test
    void noDestination_orAPdfThatIsAFolder_isExit2NamingWhatToGive(@TempDir Path dir) throws Exception {
        Path talk = dir.resolve("t" + TalkFile.SUFFIX);
        TalkFile.save(TalkFixtures.small(), talk);

        CliRun none = CliRun.run("render-talk", talk.toString());
        CliRun folder = CliRun.run("render-talk", talk.toString(), "--pdf", dir.toString());

        assertThat(none.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(none.err.toString()).contains("say where the slides go: --png-dir DIR, --pdf FILE, or both");
        assertThat(folder.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(folder.err.toString()).contains("--pdf " + dir + " is a folder");
    }
}

package org.slotlab.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.slotlab.app.talk.SlideLayout;
import org.slotlab.app.talk.Talk;
import org.slotlab.app.talk.TalkExport;
import org.slotlab.app.talk.TalkFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab render-talk TALK.slotlab-talk.json [--png-dir DIR [--scale 1|2]] [--pdf FILE]}: a
 * talk's steps as numbered 1920 x 1080 PNG slides and/or one PDF with a page per step, without a
 * display, the same slides the workbench exports. A bad
 * or newer talk file is one line on stderr naming the file and line, and exit code 2.
 */
@Command(name = "render-talk", mixinStandardHelpOptions = true,
        description = "Render a talk (.slotlab-talk.json) as numbered PNG slides and/or a PDF, without a display.")
public final class RenderTalkCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TALK", description = "a talk file (*" + TalkFile.SUFFIX + ")")
    Path talk;

    @Option(names = "--png-dir", paramLabel = "DIR",
            description = "folder for slide-01.png, slide-02.png, … (made if missing)")
    Path dir;

    @Option(names = "--pdf", paramLabel = "FILE",
            description = "one PDF with a 16:9 page per step (charts and text as vector drawing)")
    Path pdf;

    @Option(names = "--scale", paramLabel = "N", defaultValue = "1",
            description = "pixel scale: 1 (" + SlideLayout.EXPORT_WIDTH + " x " + SlideLayout.EXPORT_HEIGHT
                    + " px) or 2 (twice as many pixels, same layout); default ${DEFAULT-VALUE}")
    int scale;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        System.setProperty("java.awt.headless", "true");
        if (dir == null && pdf == null) {
            throw new SlotlabCommand.UserInputException("render-talk: say where the slides go: --png-dir DIR, --pdf FILE, or both");
        }
        if (pdf != null && java.nio.file.Files.isDirectory(pdf)) {
            throw new SlotlabCommand.UserInputException("render-talk: --pdf " + pdf + " is a folder; give a file name such as "
                    + pdf.resolve("talk.pdf"));
        }
        if (scale != 1 && scale != 2) {
            throw new SlotlabCommand.UserInputException("render-talk: --scale must be 1 or 2, got " + scale);
        }
        Talk t;
        try {
            t = TalkFile.load(talk);
        } catch (TalkFile.TalkFormatException e) {
            throw new SlotlabCommand.UserInputException(e.getMessage());
        }
        if (t.size() == 0) {
            throw new SlotlabCommand.UserInputException(talk + ": the talk has no steps");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (dir != null) {
            for (Path p : TalkExport.pngs(t, dir, scale, () -> false)) {
                out.println("wrote " + p);
            }
        }
        if (pdf != null) {
            out.println("wrote " + TalkExport.pdf(t, pdf, () -> false) + " (" + t.size() + " pages)");
        }
        out.flush();
        return 0;
    }
}

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

    /**
     * Points per slide unit of a PDF page: a 1920 x 1080 slide on a 960 x 540 pt page, the 13.33 x
     * 7.5 in of a 16:9 presentation, so a PDF viewer opens it at a sensible size.
     */
    static final float PDF_POINTS_PER_UNIT = 0.5f;

    /**
     * Writes every slide as one page of a PDF: charts, titles and captions as vector drawing (text
     * drawn as outlines, so the PDF looks the same without the fonts), the heap map as an image at
     * twice the slide's pixels. OpenPDF ({@code LibrePDF/OpenPDF}) turns the slides' Java2D
     * drawing into PDF, so the PDF and the PNG slides are drawn by the same code. The file is
     * written in one step: a failure leaves any previous file whole.
     */
    public static Path pdf(Talk talk, Path file, BooleanSupplier cancelled) throws IOException {
        if (talk.size() == 0) {
            throw new IllegalArgumentException("the talk has no steps");
        }
        float pw = SlideLayout.EXPORT_WIDTH * PDF_POINTS_PER_UNIT;
        float ph = SlideLayout.EXPORT_HEIGHT * PDF_POINTS_PER_UNIT;
        org.slotlab.model.io.AtomicWrite.write(file, out -> {
            com.lowagie.text.Document doc = new com.lowagie.text.Document(new com.lowagie.text.Rectangle(pw, ph), 0, 0, 0, 0);
            try {
                com.lowagie.text.pdf.PdfWriter writer = com.lowagie.text.pdf.PdfWriter.getInstance(doc, out);
                writer.setCloseStream(false); // the atomic write closes it, after flushing to the disk
                doc.addTitle(talk.title());
                doc.addCreator("Slotlab");
                doc.open();
                com.lowagie.text.pdf.PdfContentByte cb = writer.getDirectContent();
                for (int i = 0; i < talk.size(); i++) {
                    if (cancelled.getAsBoolean()) {
                        throw new java.util.concurrent.CancellationException("export cancelled");
                    }
                    if (i > 0) {
                        doc.newPage();
                    }
                    TalkStep s = talk.step(i);
                    ScenarioRun run = ScenarioRegistry.byId(s.scenario()).compute(s.state(), SlotlabTheme.standard(), cancelled);
                    java.awt.Graphics2D g2 = cb.createGraphicsShapes(pw, ph);
                    try {
                        g2.scale(PDF_POINTS_PER_UNIT, PDF_POINTS_PER_UNIT);
                        SlideRenderer.draw(g2, s, run, i, talk.size(), 2);
                    } finally {
                        g2.dispose();
                    }
                }
            } catch (com.lowagie.text.DocumentException e) {
                throw new IOException("the PDF could not be made: " + e.getMessage(), e);
            } finally {
                if (doc.isOpen()) {
                    doc.close();
                }
            }
        });
        return file;
    }
}

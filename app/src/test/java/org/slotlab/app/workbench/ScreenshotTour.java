package org.slotlab.app.workbench;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.slotlab.app.SlotlabApp;
import org.slotlab.app.measured.OverlaySource;

/**
 * Not a test: a tour that drives the real workbench under Xvfb and writes PNG snapshots of the
 * import, calibrate and measure dialogs and of charts with measured overlays, so a person can
 * look at them ({@code scripts/screenshot-dialogs.sh}). Pauses here wait for a person's eye and
 * a real Ruby, which is why this is a tool and not a test.
 * Arguments: output folder, fixture folder, ruby.
 */
public final class ScreenshotTour {

    private static Path out;
    private static Path fixtures;
    private static String ruby;

    public static void main(String[] args) {
        out = Path.of(args[0]);
        fixtures = Path.of(args[1]);
        ruby = args.length > 2 ? args[2] : "ruby";
        Application.launch(App.class, args);
    }

    /** The JavaFX application (a separate class, so the launcher's check on the main class passes). */
    public static final class App extends Application {
        @Override
        public void start(Stage s) {
            new ScreenshotTour().begin(s);
        }
    }

    private WorkbenchViewModel vm;
    private WorkbenchView view;
    private Stage stage;

    void begin(Stage s) {
        stage = s;
        vm = new WorkbenchViewModel(Platform::runLater, true);
        view = new WorkbenchView(vm, stage);
        Scene scene = new Scene(view, 1560, 960);
        scene.getStylesheets().add(SlotlabApp.stylesheet());
        stage.setScene(scene);
        stage.show();
        Thread t = new Thread(this::tour, "tour");
        t.setDaemon(true);
        t.start();
    }

    private void tour() {
        try {
            Files.createDirectories(out);
            pause(3);
            fx(() -> vm.importMeasured(new OverlaySource(fixtures.resolve("bd_markdown_compare.md").toString(), "auto", "")));
            pause(3);
            snap(() -> view, "main-overlay.png");
            fx(() -> {
                view.importMeasured();
                view.importDialog.choose(fixtures.resolve("ips_subseq.json"));
                return null;
            });
            pause(2);
            snap(() -> dialogRoot(view.importDialog), "import-dialog.png");
            fx(() -> {
                view.importDialog.mapping.setText("size(\\d+ => len");
                return null;
            });
            pause(1);
            snap(() -> dialogRoot(view.importDialog), "import-dialog-error.png");
            fx(() -> {
                view.importDialog.close();
                return null;
            });
            fx(() -> vm.selectScenario("slot-size"));
            fx(() -> vm.importMeasured(new OverlaySource(fixtures.resolve("byroot_slot_gc_count.csv").toString(), "auto", "")));
            pause(3);
            snap(() -> view, "slot-overlay.png");
            root("slot-overlay-screen.png");
            fx(() -> vm.selectScenario("substring-cutoff"));

            // calibration: a broken ruby first, then the real one
            Path fake = Files.writeString(out.resolve("broken-ruby"), "#!/bin/sh\necho 'ruby: oops' >&2\nexit 1\n");
            fake.toFile().setExecutable(true);
            CalibrateDialog[] cd = new CalibrateDialog[1];
            fx(() -> {
                cd[0] = new CalibrateDialog(vm, view.parameters::loadProfile);
                cd[0].initOwner(stage);
                cd[0].show();
                cd[0].ruby.setText(fake.toString());
                cd[0].out.setText(out.resolve("tour.profile.json").toString());
                cd[0].start();
                return null;
            });
            pause(3);
            snap(() -> dialogRoot(cd[0]), "calibrate-error.png");
            fx(() -> {
                cd[0].ruby.setText(ruby);
                cd[0].start();
                return null;
            });
            pause(20);
            snap(() -> dialogRoot(cd[0]), "calibrate-running.png");
            waitUntil(() -> cd[0].start.isDisabled() ? null : Boolean.TRUE, 600);
            pause(1);
            snap(() -> dialogRoot(cd[0]), "calibrate-done.png");
            fx(() -> {
                cd[0].use.fire();
                return null;
            });
            pause(4);
            snap(() -> view, "main-calibrated.png");
            fx(() -> {
                cd[0].close();
                return null;
            });

            MeasureDialog[] md = new MeasureDialog[1];
            fx(() -> vm.setText(null, "len", "1, 23, 24, 50, 100, 200, 500, 1000"));
            fx(() -> {
                md[0] = new MeasureDialog(vm, view::predictedVsMeasured);
                md[0].initOwner(stage);
                md[0].show();
                md[0].ruby.setText(ruby);
                md[0].count.setText("300000");
                md[0].out.setText(out.resolve("tour-measured.csv").toString());
                md[0].start.fire();
                return null;
            });
            pause(4);
            snap(() -> dialogRoot(md[0]), "measure-running.png");
            waitUntil(() -> md[0].start.isDisabled() ? null : Boolean.TRUE, 600);
            pause(3);
            snap(() -> dialogRoot(md[0]), "measure-done.png");
            fx(() -> {
                view.predictedVsMeasured();
                return null;
            });
            pause(3);
            snap(() -> findPvm(), "predicted-vs-measured.png");
            fx(() -> {
                md[0].close();
                return null;
            });
            pause(2);
            snap(() -> view, "main-measured.png");
            root("main-measured-screen.png");
        } catch (Exception e) {
            e.printStackTrace();
        } finally {
            Platform.exit();
        }
    }

    private Node findPvm() {
        for (var win : javafx.stage.Window.getWindows()) {
            if (win instanceof PredictedVsMeasuredWindow p) {
                return p.getScene().getRoot();
            }
        }
        throw new IllegalStateException("no predicted-vs-measured window");
    }

    private static Node dialogRoot(Dialog<?> d) {
        return d.getDialogPane().getScene().getRoot();
    }

    private static void pause(int s) throws InterruptedException {
        TimeUnit.SECONDS.sleep(s);
    }

    private static <T> T fx(Supplier<T> s) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(s.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }

    private static void waitUntil(Supplier<Boolean> done, int seconds) throws Exception {
        for (int i = 0; i < seconds; i++) {
            if (fx(done) != null) {
                return;
            }
            pause(1);
        }
    }

    /** What the X server shows (no window manager: windows overlap at their positions). */
    private static void root(String name) throws Exception {
        new ProcessBuilder("import", "-window", "root", out.resolve(name).toString()).inheritIO().start().waitFor();
        System.out.println("wrote " + out.resolve(name));
    }

    private static void snap(Supplier<Node> node, String name) throws Exception {
        WritableImage img = fx(() -> node.get().snapshot(null, null));
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        BufferedImage b = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader r = img.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                b.setRGB(x, y, r.getArgb(x, y));
            }
        }
        ImageIO.write(b, "png", out.resolve(name).toFile());
        System.out.println("wrote " + out.resolve(name));
    }

}

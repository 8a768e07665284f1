package org.slotlab.app.workbench;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.slotlab.app.SlotlabApp;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;

/**
 * Not a test: opens the real workbench under Xvfb and writes a PNG of the window's content for
 * every scenario at each window size, so a person can look at the layout at the sizes users have
 * ({@code scripts/screenshots.sh}). Arguments: output folder, the scenario file to open first,
 * then sizes as {@code WIDTHxHEIGHT}. The first scenario at each size is written as
 * {@code screenshot-WIDTHxHEIGHT.png}, every scenario as {@code WIDTHxHEIGHT-ID.png}, and again with
 * both side panels hidden (F9, F10) as {@code WIDTHxHEIGHT-ID-charts.png}.
 */
public final class WorkbenchShots {

    private static Path out;
    private static Path scenarioFile;
    private static final List<int[]> SIZES = new ArrayList<>();

    public static void main(String[] args) {
        out = Path.of(args[0]);
        scenarioFile = Path.of(args[1]);
        for (int i = 2; i < args.length; i++) {
            String[] wh = args[i].split("x");
            SIZES.add(new int[] {Integer.parseInt(wh[0]), Integer.parseInt(wh[1])});
        }
        Application.launch(App.class, args);
    }

    /** The JavaFX application (a separate class, so the launcher's check on the main class passes). */
    public static final class App extends Application {
        @Override
        public void start(Stage s) {
            new WorkbenchShots().begin(s);
        }
    }

    private WorkbenchViewModel vm;
    private WorkbenchView view;
    private Stage stage;

    void begin(Stage s) {
        stage = s;
        vm = new WorkbenchViewModel(Platform::runLater, true);
        view = new WorkbenchView(vm, stage);
        int[] first = SIZES.get(0);
        Scene scene = new Scene(view, first[0], first[1]);
        scene.getStylesheets().add(SlotlabApp.stylesheet());
        stage.setScene(scene);
        stage.show();
        view.open(scenarioFile);
        Thread t = new Thread(this::tour, "shots");
        t.setDaemon(true);
        t.start();
    }

    private void tour() {
        try {
            Files.createDirectories(out);
            for (int[] size : SIZES) {
                fx(() -> {
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                    view.resize(size[0], size[1]);
                    return null;
                });
                String dim = size[0] + "x" + size[1];
                boolean firstScenario = true;
                for (Scenario sc : ScenarioRegistry.all()) {
                    fx(() -> vm.selectScenario(sc.id()));
                    settle();
                    snap(dim + "-" + sc.id() + ".png");
                    if (firstScenario) {
                        snap("screenshot-" + dim + ".png");
                        firstScenario = false;
                    }
                    fx(() -> panels(false));
                    settle();
                    snap(dim + "-" + sc.id() + "-charts.png");
                    fx(() -> panels(true));
                }
                fx(() -> vm.selectScenario(ScenarioRegistry.all().get(0).id()));
            }
        } catch (Exception e) {
            e.printStackTrace();
        } finally {
            Platform.exit();
        }
    }

    private Void panels(boolean shown) {
        view.navigatorPanel.shownProperty().set(shown);
        view.parametersPanel.shownProperty().set(shown);
        return null;
    }

    /** Waits for the newest request's charts, then a few pulses for layout. */
    private void settle() throws Exception {
        for (int i = 0; i < 600; i++) {
            if (fx(() -> vm.publishedGenerationProperty().get() >= vm.requestedGeneration())) {
                break;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        TimeUnit.MILLISECONDS.sleep(700);
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

    private void snap(String name) throws Exception {
        WritableImage img = fx(() -> stage.getScene().getRoot().snapshot(null, null));
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

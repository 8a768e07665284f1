package org.slotlab.app.talk;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Pane;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.slotlab.app.heapmap.HeapMapView;
import org.slotlab.app.heapmap.HeapMaps;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.app.workbench.ChartsView;
import org.slotlab.charts.SlotlabTheme;

/**
 * A talk on stage: one step at a time at slide size, laid out by {@link SlideLayout} (title,
 * one or two charts in the projector theme, caption, "n / N"), nothing else on screen. Keys, as a
 * presenter's clicker sends them: Right, PageDown or Space for the next step, Left or PageUp for
 * the previous one, B for a black screen (again to come back), digits then Enter to jump to a
 * step, Esc to leave. Moving between steps animates the bars from the old values to the new
 * ({@link ChartTween}); the runs come from {@link TalkRuns}, computed in the background, so the
 * FX thread only draws.
 */
public final class TalkView extends StackPane {

    /** How long a step change animates, ns. */
    static final long ANIMATION_NANOS = 450_000_000L;

    private final Talk talk;
    private final TalkRuns runs;
    private final Runnable leave;
    private final Pane slide = new Pane();
    final Label title = new Label();
    final Label caption = new Label();
    final Label counter = new Label();
    final Label waiting = new Label("computing…");
    final Label jump = new Label();
    private final StackPane black = new StackPane();
    private final List<ChartViewer> viewers = new ArrayList<>();
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyBooleanWrapper blackScreen = new ReadOnlyBooleanWrapper(false);
    private final StringBuilder digits = new StringBuilder();
    private List<JFreeChart> shownCharts = List.of();
    private List<ChartTween> tweens = List.of();
    private long tweenStart;
    private long showRequested;
    private long firstFrameNanos = -1;
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            double t = (now - tweenStart) / (double) ANIMATION_NANOS;
            for (ChartTween tw : tweens) {
                tw.apply(t);
            }
            if (t >= 1) {
                stop();
            }
        }
    };

    /** @param leave run on Esc (closes the talk's window) */
    public TalkView(Talk talk, TalkRuns runs, int first, Runnable leave) {
        this.talk = talk;
        this.runs = runs;
        this.leave = leave;
        setId("talk");
        getStyleClass().add("talk");
        slide.getStyleClass().add("talk-slide");
        title.setId("talkTitle");
        title.getStyleClass().add("talk-title");
        caption.setId("talkCaption");
        caption.getStyleClass().add("talk-caption");
        counter.setId("talkCounter");
        counter.getStyleClass().add("talk-counter");
        counter.setAlignment(Pos.CENTER_RIGHT);
        waiting.getStyleClass().add("talk-caption");
        waiting.setVisible(false);
        jump.setId("talkJump");
        jump.getStyleClass().add("talk-jump");
        jump.setVisible(false);
        black.setId("talkBlack");
        black.getStyleClass().add("talk-black");
        black.setVisible(false);
        slide.getChildren().addAll(title, caption, counter, waiting);
        StackPane.setAlignment(jump, Pos.BOTTOM_LEFT);
        getChildren().addAll(slide, jump, black);
        setFocusTraversable(true);
        addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        widthProperty().addListener((o, a, b) -> layoutSlide());
        heightProperty().addListener((o, a, b) -> layoutSlide());
        runs.prefetch(talk, first);
        goTo(first);
    }

    public ReadOnlyIntegerProperty indexProperty() {
        return index.getReadOnlyProperty();
    }

    public int index() {
        return index.get();
    }

    public ReadOnlyBooleanProperty blackScreenProperty() {
        return blackScreen.getReadOnlyProperty();
    }

    /** The charts on screen now, left to right. */
    public List<JFreeChart> charts() {
        return List.copyOf(shownCharts);
    }

    /** FX-thread time from the last step change to its first frame on screen, ns (-1 until it showed). */
    public long firstFrameNanos() {
        return firstFrameNanos;
    }

    private void key(KeyEvent e) {
        KeyCode c = e.getCode();
        switch (c) {
            case RIGHT, PAGE_DOWN, SPACE, DOWN -> next();
            case LEFT, PAGE_UP, UP -> previous();
            case B, PERIOD -> toggleBlack();
            case ESCAPE -> leave.run();
            case ENTER -> {
                if (!digits.isEmpty()) {
                    goTo(Integer.parseInt(digits.toString()) - 1);
                }
                clearDigits();
            }
            case BACK_SPACE -> clearDigits();
            default -> {
                if (c.isDigitKey()) {
                    if (digits.length() < 4) {
                        digits.append(e.getText().isEmpty() ? c.getName().replaceAll("\\D", "") : e.getText());
                    }
                    jump.setText("go to step " + digits + " of " + talk.size() + ", Enter");
                    jump.setVisible(true);
                } else {
                    return;
                }
            }
        }
        e.consume();
    }

    private void clearDigits() {
        digits.setLength(0);
        jump.setVisible(false);
    }

    public void next() {
        goTo(index.get() + 1);
    }

    public void previous() {
        goTo(index.get() - 1);
    }

    public void toggleBlack() {
        blackScreen.set(!blackScreen.get());
        black.setVisible(blackScreen.get());
    }

    /** Shows step {@code i} (0-based); out of range stays where it is. */
    public void goTo(int i) {
        if (i < 0 || i >= talk.size() || i == index.get()) {
            return;
        }
        index.set(i);
        if (blackScreen.get()) {
            toggleBlack();
        }
        TalkStep s = talk.step(i);
        title.setText(s.title());
        caption.setText(s.caption());
        counter.setText(SlideRenderer.counter(i, talk.size()));
        showRequested = System.nanoTime();
        firstFrameNanos = -1;
        CompletableFuture<ScenarioRun> f = runs.run(s.state());
        if (f.isDone() && !f.isCompletedExceptionally()) {
            show(i, f.join());
        } else {
            waiting.setText("computing…");
            waiting.setVisible(true);
            f.whenComplete((run, err) -> Platform.runLater(() -> {
                if (index.get() != i) {
                    return;
                }
                if (err != null) {
                    waiting.setText("this step could not be computed: " + rootMessage(err));
                } else {
                    show(i, run);
                }
            }));
        }
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? "no message" : t.getMessage();
    }

    private ScenarioRun run;

    private void show(int i, ScenarioRun r) {
        run = r;
        waiting.setVisible(false);
        TalkStep s = talk.step(i);
        SlideLayout layout = layout(s);
        List<JFreeChart> next = s.heapMap() ? List.of() : SlideRenderer.charts(s, r, layout.chartTheme());
        List<JFreeChart> previous = shownCharts;
        while (viewers.size() < next.size()) {
            ChartViewer v = new ChartViewer(null);
            v.setId("talkChart-" + viewers.size());
            viewers.add(v);
        }
        slide.getChildren().removeAll(viewers);
        closeHeapMap();
        if (s.heapMap()) {
            heapMapView = new HeapMapView(s.state().settings(), HeapMaps.LEN, HeapMaps.OPS);
            heapMapView.setPlaying(true);
            slide.getChildren().add(heapMapView);
            shownCharts = List.of();
            layoutSlide();
            firstFrameNanos = System.nanoTime() - showRequested;
            timer.stop();
            tweens = List.of();
            return;
        }
        List<ChartTween> tw = new ArrayList<>();
        for (int k = 0; k < next.size(); k++) {
            JFreeChart old = k < previous.size() ? previous.get(k) : null;
            ChartTween t = new ChartTween(old, next.get(k));
            if (t.moves()) {
                t.apply(0);
                tw.add(t);
            }
            ChartsView.setChart(viewers.get(k), next.get(k));
            slide.getChildren().add(viewers.get(k));
        }
        shownCharts = next;
        layoutSlide();
        firstFrameNanos = System.nanoTime() - showRequested;
        tweens = tw;
        timer.stop();
        if (!tw.isEmpty()) {
            tweenStart = System.nanoTime();
            timer.start();
        }
    }

    private HeapMapView heapMapView;

    /** The heap map on screen, or null when the step shows charts. */
    public HeapMapView heapMapView() {
        return heapMapView;
    }

    private void closeHeapMap() {
        if (heapMapView != null) {
            heapMapView.close();
            slide.getChildren().remove(heapMapView);
            heapMapView = null;
        }
    }

    /** Stops what runs on screen (the heap map's animation). */
    public void close() {
        closeHeapMap();
        timer.stop();
    }

    /** Ends a running animation at its final frame (tests read the charts' final values). */
    public void finishAnimation() {
        timer.stop();
        for (ChartTween t : tweens) {
            t.apply(1);
        }
    }

    private SlideLayout layout(TalkStep s) {
        return new SlideLayout(Math.max(1, getWidth()), Math.max(1, getHeight()), s.view().size());
    }

    private SlotlabTheme lastTheme;

    private void layoutSlide() {
        if (index.get() < 0 || getWidth() <= 0 || getHeight() <= 0) {
            return;
        }
        TalkStep s = talk.step(index.get());
        SlideLayout l = layout(s);
        slide.setPrefSize(getWidth(), getHeight());
        place(title, l.title());
        title.setFont(Font.font("System", FontWeight.BOLD, l.titleSize()));
        SlideLayout.Box cap = l.caption();
        double counterW = l.counterSize() * 4;
        place(caption, new SlideLayout.Box(cap.x(), cap.y(), cap.w() - counterW, cap.h()));
        caption.setFont(Font.font("System", l.captionSize()));
        place(counter, new SlideLayout.Box(cap.x() + cap.w() - counterW, cap.y(), counterW, cap.h()));
        counter.setFont(Font.font("System", l.counterSize()));
        SlideLayout.Box first = l.chartBoxes().get(0);
        place(waiting, first);
        waiting.setFont(Font.font("System", l.captionSize()));
        jump.setFont(Font.font("System", l.captionSize()));
        List<SlideLayout.Box> boxes = l.chartBoxes();
        for (int k = 0; k < shownCharts.size() && k < boxes.size(); k++) {
            place(viewers.get(k), boxes.get(k));
        }
        if (heapMapView != null) {
            place(heapMapView, first);
        }
        // A new size draws the charts again with the theme of that size.
        SlotlabTheme theme = l.chartTheme();
        if (lastTheme != null && lastTheme.scale() != theme.scale() && run != null && !s.heapMap()) {
            List<JFreeChart> again = SlideRenderer.charts(s, run, theme);
            for (int k = 0; k < again.size(); k++) {
                ChartsView.setChart(viewers.get(k), again.get(k));
            }
            shownCharts = again;
            tweens = List.of();
            timer.stop();
        }
        lastTheme = theme;
    }

    private static void place(javafx.scene.layout.Region r, SlideLayout.Box b) {
        r.resizeRelocate(b.x(), b.y(), b.w(), b.h());
        r.setPrefSize(b.w(), b.h());
    }
}

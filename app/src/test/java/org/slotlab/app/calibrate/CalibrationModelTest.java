package org.slotlab.app.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.workbench.WorkbenchViewModel;
import org.slotlab.model.calibrate.ProbeProgress;
import org.slotlab.model.cost.CostProfile;

/**
 * The calibrate dialog's logic against fake rubies: a replayed Debian 12 ruby 3.1.2 run that
 * succeeds and whose profile switches the workbench's layout, broken rubies that fail with one
 * line, and a hanging one that Cancel stops (its process is gone afterwards).
 */
class CalibrationModelTest {

    /** Upper bound for a job to end; a safety net against a hang, not a timing assertion. */
    static final long END_WITHIN_S = 120;

    @TempDir
    Path dir;

    @BeforeEach
    void posix() {
        assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "fake rubies are /bin/sh scripts");
    }

    private ProbeJob<CalibrationModel.Calibrated> run(Path ruby, Path out) {
        CalibrationModel m = new CalibrationModel();
        m.setRuby(ruby.toString());
        m.setOut(out);
        return m.start(Runnable::run, System::nanoTime);
    }

    @Test
    void replayedRuby31_succeeds_withSummary_andProfileThatSwitchesTheLayout() throws Exception {
        Path out = dir.resolve("my.profile.json");
        CalibrationModel m = new CalibrationModel();
        m.setRuby(FakeRubies.replaying(dir).toString());
        m.setOut(out);
        List<String> steps = new CopyOnWriteArrayList<>();

        ProbeJob<CalibrationModel.Calibrated> job = m.start(Runnable::run, System::nanoTime);
        job.stepProperty().addListener((o, a, b) -> steps.add(b));

        assertThat(job.finished().get(END_WITHIN_S, TimeUnit.SECONDS)).as(job.failureProperty().get())
                .isEqualTo(ProbeJob.State.SUCCEEDED);
        assertThat(job.progressProperty().get()).isEqualTo(1.0);
        String summary = job.resultProperty().get().summary();
        assertThat(summary).contains("Layout calibrated-ruby-3.1.2: slots [40] B").contains("FIXED capa 24")
                .containsPattern("R² (0\\.9\\d\\d|1\\.000)").contains("copy_ns_per_byte").contains("default (");
        assertThat(CostProfile.load(out).layout()).isPresent();

        try (WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false)) {
            assertThat(vm.loadProfile(out)).isEmpty();
            assertThat(vm.settings().get(Knobs.LAYOUT).fromProfile()).isTrue();
            assertThat(vm.layoutProperty().get().name()).isEqualTo("calibrated-ruby-3.1.2");
            assertThat(vm.errorProperty().get()).isEmpty();
            // 3.1 embeds at most 23 bytes, whatever the cutoff
            assertThat(vm.largestEmbeddedProperty().get()).isEqualTo("largest embedded length: 23 B");
            // back to the shipped profile: the layout goes back to the thread's
            vm.useDefaultProfile();
            assertThat(vm.settings().get(Knobs.LAYOUT)).isEqualTo(new SubstringCutoffScenario().defaults().get(Knobs.LAYOUT));
        }
    }

    @Test
    void progress_namesProbeStepAndTimeLeft_andSpansAllProbes() throws Exception {
        long[] clock = {0, 10_000_000_000L};
        int[] calls = {0};
        List<String> steps = new CopyOnWriteArrayList<>();
        List<Double> fractions = new CopyOnWriteArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        ProbeJob<String> job = new ProbeJob<>("t", CalibrationModel.PROBES, p -> {
            awaitQuietly(go);
            p.accept(new ProbeProgress("timing.rb", 0, 4, "empty_loop"));
            p.accept(new ProbeProgress("timing.rb", 1, 4, "copy_64"));
            return "fit";
        }, Runnable::run, () -> clock[Math.min(calls[0]++, 1)]);
        job.stepProperty().addListener((o, a, b) -> steps.add(b));
        job.progressProperty().addListener((o, a, b) -> fractions.add(b.doubleValue()));

        job.start();
        go.countDown();

        assertThat(job.finished().get(END_WITHIN_S, TimeUnit.SECONDS)).isEqualTo(ProbeJob.State.SUCCEEDED);
        // second probe of two, one step of four done after 10 s: about 30 s left
        assertThat(steps).contains("timing.rb: step 1/4 copy_64, about 30 s left");
        assertThat(fractions).containsSubsequence(0.5, 0.625, 1.0);
        assertThat(job.resultProperty().get()).isEqualTo("fit");
    }

    private static void awaitQuietly(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void missingRuby_failsWithOneLine() throws Exception {
        var job = run(dir.resolve("nope/ruby"), dir.resolve("p.json"));

        assertThat(job.finished().get(END_WITHIN_S, TimeUnit.SECONDS)).isEqualTo(ProbeJob.State.FAILED);
        assertThat(job.failureProperty().get()).contains("nope/ruby").doesNotContain("\n").doesNotContain("Exception");
        assertThat(dir.resolve("p.json")).doesNotExist();
    }

    @Test
    void oldRuby_failsWithOneLine() throws Exception {
        var job = run(FakeRubies.script(dir, "1.9.3", "exit 0"), dir.resolve("p.json"));

        assertThat(job.finished().get(END_WITHIN_S, TimeUnit.SECONDS)).isEqualTo(ProbeJob.State.FAILED);
        assertThat(job.failureProperty().get()).contains("1.9.3").doesNotContain("\n");
    }

    @Test
    void brokenRuby_printingGarbage_failsWithOneLine() throws Exception {
        var job = run(FakeRubies.script(dir, "3.3.0", "echo 'not json at all'"), dir.resolve("p.json"));

        assertThat(job.finished().get(END_WITHIN_S, TimeUnit.SECONDS)).isEqualTo(ProbeJob.State.FAILED);
        assertThat(job.failureProperty().get()).contains("not JSON").doesNotContain("\n");
    }

    @Test
    void cancel_whileTimingHangs_killsTheRuby_andEndsCancelled() throws Exception {
        Path pidFile = dir.resolve("pid");
        CalibrationModel m = new CalibrationModel();
        m.setRuby(FakeRubies.hangingInTiming(dir, pidFile).toString());
        m.setOut(dir.resolve("p.json"));
        CountDownLatch inTiming = new CountDownLatch(1);

        var job = m.start(r -> {
            r.run();
        }, System::nanoTime);
        job.stepProperty().addListener((o, a, b) -> {
            if (b.startsWith("timing.rb")) {
                inTiming.countDown();
            }
        });
        if (job.stepProperty().get().startsWith("timing.rb")) {
            inTiming.countDown();
        }
        assertThat(inTiming.await(END_WITHIN_S, TimeUnit.SECONDS)).as("timing.rb reported progress").isTrue();
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        job.cancel();

        assertThat(job.finished().get(END_WITHIN_S, TimeUnit.SECONDS)).isEqualTo(ProbeJob.State.CANCELLED);
        assertThat(job.failureProperty().get()).contains("Cancelled");
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("fake ruby " + pid + " still running").isFalse();
        assertThat(dir.resolve("p.json")).doesNotExist();
    }
}

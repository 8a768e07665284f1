/**
 * Calibration against a real Ruby: {@link org.slotlab.model.calibrate.RubyProbeRunner}
 * runs the probe scripts shipped under {@code probes/} on the user's {@code ruby};
 * {@link org.slotlab.model.calibrate.RubyReport} and {@link org.slotlab.model.calibrate.LayoutReading} hold the
 * heap layout that {@code layout.rb} read; {@link org.slotlab.model.calibrate.TimingReport} holds the timings of
 * {@code timing.rb}; {@link org.slotlab.model.calibrate.ProfileCalibration} turns the reading into a
 * {@link org.slotlab.model.layout.RubyLayout} and fits a {@link org.slotlab.model.cost.CostProfile} to the timings
 * with {@link org.slotlab.model.calibrate.LeastSquares} ({@link org.slotlab.model.calibrate.CalibrationFit} is the
 * report); {@link org.slotlab.model.calibrate.SubseqMeasurement} runs {@code measure.rb}, master's suffix loop, for
 * overlays. Measured outputs of the probes on Debian 12's ruby 3.1.2 and on 3.4.5 live in {@code sample-data/measured/}.
 */
package org.slotlab.model.calibrate;

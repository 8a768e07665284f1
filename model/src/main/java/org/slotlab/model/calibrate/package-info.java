/**
 * Calibration against a real Ruby (issue 6, "Calibration"): {@link org.slotlab.model.calibrate.RubyProbeRunner}
 * runs the probe scripts shipped under {@code probes/} on the user's {@code ruby};
 * {@link org.slotlab.model.calibrate.RubyReport} and {@link org.slotlab.model.calibrate.LayoutReading} hold the
 * heap layout that {@code layout.rb} read; {@link org.slotlab.model.calibrate.TimingReport} holds the timings of
 * {@code timing.rb}; {@link org.slotlab.model.calibrate.LeastSquares} fits cost coefficients to them. Measured
 * outputs of both probes on Debian 12's ruby 3.1.2 live in {@code sample-data/measured/}.
 */
package org.slotlab.model.calibrate;

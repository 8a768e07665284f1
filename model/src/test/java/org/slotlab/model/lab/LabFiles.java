package org.slotlab.model.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import org.slotlab.model.calibrate.CalibrationReadings;
import org.slotlab.model.cost.CostProfile;

/** The validation lab's committed files (sample-data/measured/lab), as the tests read them. */
final class LabFiles {

    static final String LAB = "/sample-data/measured/lab/";

    private LabFiles() {
    }

    /** A calibration's readings, fitted again with the model as it is now. */
    static CostProfile profile(String file) throws Exception {
        try (InputStream in = LabFiles.class.getResourceAsStream(LAB + file)) {
            assertThat(in).as(file).isNotNull();
            return CalibrationReadings.read(in, file).replay().fit().profile();
        }
    }

    /** A lab file: its rows and every run of them. */
    static LabResults lab(String file) throws Exception {
        try (InputStream in = LabFiles.class.getResourceAsStream(LAB + file)) {
            assertThat(in).as(file).isNotNull();
            return LabResults.read(in, file);
        }
    }
}

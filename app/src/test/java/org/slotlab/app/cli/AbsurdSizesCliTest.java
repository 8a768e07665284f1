package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Absurd sizes and ranges on the command line: counts near 2^63, ranges that end at
 * {@code Long.MAX_VALUE} (a range loop that wraps past it never ends or fills the heap), lengths
 * whose sums overflow into negative sizes, passes and rebuilds beyond their bounds. Each ends with
 * exit code 2 and one line naming the option and the limit, never an OutOfMemoryError, a negative
 * count or a wrong answer; the class timeout only guards against a hang.
 */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class AbsurdSizesCliTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        // scenario,        option,       value,                                          expected words
        "substring-cutoff, --len,        9223372036854775800-9223372036854775807,        --len",
        "substring-cutoff, --len,        0-9223372036854775807:4611686018427387904,      --len",
        "substring-cutoff, --len,        0-9223372036854775807,                          makes more than 100,000 values in all",
        "substring-cutoff, --len,        -9223372036854775808-9223372036854775807,       --len",
        "substring-cutoff, --count,      9223372036854775807,                            must be between 1 and 10,000,000,000",
        "split,            --value-len,  9223372036854775807,                            values must be <= 1,048,576",
        "split,            --value-len,  4611686018427387904,                            values must be <= 1,048,576",
        "parsers,          --passes,     99999999999,                                    must be between 1 and 1,000,000,000",
        "require-index,    --rebuilds,   99999999999,                                    must be between 0 and 10,000",
    })
    void absurdSize_exit2OneLineNamingTheOption(String scenario, String option, String value, String expected) {
        CliRun r = CliRun.run("predict", scenario, option + "=" + value);

        assertThat(r.exitCode).as(r.err.toString()).isEqualTo(2);
        String err = r.err.toString().strip();
        assertThat(err.split("\\R")).as(err).hasSize(1);
        assertThat(err).startsWith("slotlab: " + option).contains(expected)
                .doesNotContain("Exception").doesNotContainPattern("-\\d+ B\\b").doesNotContainPattern("\\bjava\\.[a-z]+\\.");
    }
}

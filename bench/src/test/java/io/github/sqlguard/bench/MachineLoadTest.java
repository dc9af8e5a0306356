package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MachineLoadTest {

    @Test
    void parsesTheThreeAveragesOfProcLoadavg() {
        assertThat(MachineLoad.parse("0.52 1.58 12.09 1/467 12345\n")).containsExactly(0.52, 1.58, 12.09);
    }

    @Test
    void rejectsALineWithoutThreeAverages() {
        assertThatThrownBy(() -> MachineLoad.parse("0.52")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void printsCoresAndLoadAndASpan() {
        MachineLoad before = new MachineLoad(2, 0.5, 1.25, 3);
        MachineLoad after = new MachineLoad(2, 4, 2, 1);
        assertThat(before).hasToString("2 cores, load 0.50 1.25 3.00");
        assertThat(MachineLoad.span(before, after)).isEqualTo("2 cores, load 0.50 1.25 3.00 -> 4.00 2.00 1.00");
        assertThat(new MachineLoad(1, Double.NaN, Double.NaN, Double.NaN)).hasToString("1 core, load unknown");
    }

    @Test
    void readsThisMachine() {
        assertThat(MachineLoad.now().cores()).isPositive();
    }
}

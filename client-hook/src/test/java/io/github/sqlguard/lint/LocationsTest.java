package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LocationsTest {

    @Test
    void aReasonQuotingTheNodeNamesTheFilesLineAndLeavesALongerLineNumberAlone() {
        String reason = "STATE_TTL('o' = '1d') at line 2 is superseded by STATE_TTL('o' = '1d') at line 21; "
                + "from STATE_TTL('o' = '1d') at line 2.";

        assertThat(Locations.quotingNode(reason, "STATE_TTL('o' = '1d') at line 2", "STATE_TTL('o' = '1d') at line 8"))
                .isEqualTo("STATE_TTL('o' = '1d') at line 8 is superseded by STATE_TTL('o' = '1d') at line 21; "
                        + "from STATE_TTL('o' = '1d') at line 8.");
    }

    @Test
    void aReplacementWithRegexCharactersIsWrittenAsIs() {
        assertThat(Locations.quotingNode("see 'a$1' = '2' (WITH, line 1)", "'a$1' = '2' (WITH, line 1)",
                "'a$1' = '2' (WITH, line 5)")).isEqualTo("see 'a$1' = '2' (WITH, line 5)");
    }
}

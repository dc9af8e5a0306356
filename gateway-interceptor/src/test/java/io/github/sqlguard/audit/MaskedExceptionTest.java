package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;

/** Flink's own exceptions, as a client or a log prints them, with the secrets they quote masked. */
class MaskedExceptionTest {

    @Test
    void anExceptionThatQuotesASecretPrintsAsItWasWithTheSecretMasked() {
        ValidationException flink = new ValidationException(
                "Unable to create a source for reading table 'orders'.\\n\\nTable options are:\\n\\n'connector'='filesystem'\\n"
                        + "'url'='jdbc:x://db/y?password=hunter2'",
                new ValidationException("Could not find any format factory for identifier 'csv' in the classpath."));
        Throwable masked = MaskedException.of(flink);

        String printed = ExceptionUtils.stringifyException(masked);
        assertThat(printed).doesNotContain("hunter2")
                .contains("org.apache.flink.table.api.ValidationException: Unable to create a source")
                .contains("Caused by: org.apache.flink.table.api.ValidationException: Could not find any format factory")
                .contains("'url'='****'");
        assertThat(masked.getStackTrace()).isEqualTo(flink.getStackTrace());
    }

    @Test
    void anExceptionWithoutSecretsIsItself() {
        ValidationException flink = new ValidationException("Object 'nope' not found");
        assertThat(MaskedException.of(flink)).isSameAs(flink);
    }
}

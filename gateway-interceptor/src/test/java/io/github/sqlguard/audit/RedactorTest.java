package io.github.sqlguard.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

/** What {@link Redactor} keeps of statements that carry a secret, as the parser chain reads them. */
class RedactorTest {

    private final StatementParser parser = new StatementParser();
    private final Redactor redactor = new Redactor();

    private String redacted(String statement) {
        return redactor.redact(parser.parse(statement));
    }

    @Test
    void aSecretSetValueIsMaskedQuotedOrNot() {
        assertThat(redacted("SET 's3.secret-key' = 'hunter2'")).isEqualTo("SET 's3.secret-key' = '****'");
        // Read by Flink's extended parser: the value has no quotes around it.
        assertThat(redacted("SET s3.secret-key = hunter2;")).isEqualTo("SET s3.secret-key = '****'");
        assertThat(redacted("set fs.s3a.access.key=hunter2")).isEqualTo("set fs.s3a.access.key= '****'");
        // Flink reads the value 'hun' from this text; nothing of the rest is kept either.
        assertThat(redacted("SET password = 'hun''ter2'")).doesNotContain("hun", "ter2");
    }

    @Test
    void otherSetValuesAndOptionsStayAsTheyWere() {
        assertThat(redacted("SET pipeline.name = orders")).isEqualTo("SET pipeline.name = orders");
        assertThat(redacted("CREATE TABLE t (k STRING) WITH ('connector' = 'datagen', 'password' = 'hunter2')"))
                .isEqualTo("CREATE TABLE t (k STRING) WITH ('connector' = 'datagen', 'password' = '****')");
    }
}

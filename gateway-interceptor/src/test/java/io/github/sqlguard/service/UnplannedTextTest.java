package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The statements whose operation the REST endpoint holds before the guard parses them ({@link UnplannedText}):
 * only texts the guard then decides without planning. A text it passes wrongly would be planned on a REST I/O
 * thread; a text it refuses wrongly is only parsed first, as before.
 */
class UnplannedTextTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "SET 'table.exec.state.ttl' = '1 d'",
            "SET table.exec.state.ttl = 24",
            "  set 'pipeline.name' = 'x';",
            "SET",
            "RESET 'pipeline.name'",
            "reset",
            "SHOW TABLES",
            "show create table t",
            "CREATE TABLE t (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')",
            "create temporary table t (id BIGINT) with ('connector' = 'datagen')",
            "SHOW JARS"})
    void passesTheStatementsTheGuardDecidesWithoutPlanning(String statement) {
        assertThat(UnplannedText.certain(statement)).isTrue();
        assertThat(StatementPipeline.decidesWithoutPlanning(new StatementParser().parse(statement))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "CREATE TABLE t AS SELECT 1 AS a",
            "create table t with ('connector' = 'blackhole') as select * from s",
            "CREATE TABLE t (ts TIMESTAMP(3), p AS PROCTIME()) WITH ('connector' = 'datagen')",
            "CREATE TABLE t (a INT) WITH ('path' = 'AS')",
            "CREATE OR REPLACE TABLE t AS SELECT 1",
            "REPLACE TABLE t AS SELECT 1",
            "CREATE VIEW v AS SELECT 1",
            "CREATE MATERIALIZED TABLE m AS SELECT 1",
            "-- a note\nSET 'pipeline.name' = 'x'",
            "/* a note */ SHOW TABLES",
            "SELECT 1",
            "INSERT INTO t SELECT 1",
            "EXPLAIN SELECT 1",
            "SETTINGS",
            "SHOWTABLES",
            "CREATE TABLES",
            "",
            "   "})
    void leavesEveryOtherTextToTheParse(String statement) {
        assertThat(UnplannedText.certain(statement)).isFalse();
    }

    @Test
    void leavesNoTextToTheParseThatIsNotThere() {
        assertThat(UnplannedText.certain(null)).isFalse();
    }

    @Test
    void noStatementOfTheCorpusThatItPassesIsOneTheGuardPlans() throws IOException {
        StatementParser parser = new StatementParser();
        int passed = 0;
        for (Path file : CaseCorpus.all()) {
            for (String sql : SqlScript.read(file).statements()) {
                if (UnplannedText.certain(sql)) {
                    passed++;
                    ParsedStatement parsed = parser.parse(sql);
                    assertThat(StatementPipeline.decidesWithoutPlanning(parsed)
                                    || parsed instanceof ParsedStatement.Unparsable)
                            .as("%s: %s", file.getFileName(), sql).isTrue();
                    assertThat(parsed.kind().isPlanned()).as("%s: %s", file.getFileName(), sql).isFalse();
                }
            }
        }
        assertThat(passed).as("the corpus's SET, RESET, SHOW and CREATE TABLE statements").isGreaterThan(400);
    }
}

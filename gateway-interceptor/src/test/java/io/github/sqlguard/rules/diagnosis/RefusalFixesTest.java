package io.github.sqlguard.rules.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

/**
 * {@link RefusalFixes} on Flink 2.3.0's own messages, for the shapes the case corpus cannot plan (no lookup source
 * there) and the edges of the window arithmetic.
 */
class RefusalFixesTest {

    private static ParsedStatement statement(String sql) {
        return new StatementParser().parse(sql);
    }

    @Test
    void aLookupJoinOnIsNotDistinctFromIsToldToUseEquality() {
        // Flink 2.3.0, a jdbc lookup table joined FOR SYSTEM_TIME AS OF ... ON T.a IS NOT DISTINCT FROM D.id
        // (LookupJoinTest#testNotDistinctFromInJoinCondition), as lint printed it with --stand-in-connectors.
        String message = "LookupJoin doesn't support join condition contains 'a IS NOT DISTINCT FROM b' (or alternative"
                + " '(a = b) or (a IS NULL AND b IS NULL)'), the join condition is 'IS NOT DISTINCT FROM($0, $5)'";
        assertThat(RefusalFixes.fix(message, statement("SELECT 1"))).hasValueSatisfying(fix -> assertThat(fix)
                .contains("write the key condition with = in place of IS NOT DISTINCT FROM")
                .contains("LEFT JOIN keeps it"));
    }

    @Test
    void aSessionGivenItsKeysAsASecondDescriptorIsToldThePartitionBy() {
        String message = "Invalid number of arguments to function 'SESSION'. Was expecting 3 arguments";
        assertThat(RefusalFixes.fix(message, statement("SELECT * FROM TABLE(SESSION(TABLE clicks, DESCRIPTOR(ts), DESCRIPTOR(user_id),"
                + " INTERVAL '10' MINUTE))"))).hasValueSatisfying(fix -> assertThat(fix)
                .contains("SESSION(TABLE clicks PARTITION BY user_id, DESCRIPTOR(ts), ...)"));
        // Any other wrong count (the gap left out) is not this shape: Flink's message is the fix.
        assertThat(RefusalFixes.fix(message, statement("SELECT * FROM TABLE(SESSION(TABLE clicks, DESCRIPTOR(ts)))"))).isEmpty();
    }

    @Test
    void aVersionedTableKeyIsNamedAsWrittenNotAsFlinkRenamedIt() {
        // TemporalJoinTest#testInvalidTemporalTablJoin's second query, as Flink 2.3.0 words its refusal.
        String message = "Temporal table's primary key [currency0] must be included in the equivalence condition of"
                + " temporal join, but current temporal join condition is [amount=rate].";
        assertThat(RefusalFixes.fix(message, statement("SELECT o.amount, r.currency FROM orders AS o JOIN rates FOR SYSTEM_TIME AS"
                + " OF o.rowtime AS r ON o.amount = r.rate"))).hasValueSatisfying(fix -> assertThat(fix)
                .contains("PRIMARY KEY (currency)").contains("(currency = a column of the left input)")
                .doesNotContain("currency0"));
        // SELECT * names no column: Flink's name is given, and said to be Flink's (a comment's words do not count).
        assertThat(RefusalFixes.fix(message, statement("-- rates by currency\nSELECT * FROM orders AS o JOIN rates FOR SYSTEM_TIME"
                + " AS OF o.rowtime AS r ON o.amount = r.rate"))).hasValueSatisfying(fix -> assertThat(fix)
                .contains("PRIMARY KEY (currency0 as Flink prints it; currency where the left input has a column of"
                        + " that name too)").doesNotContain("(currency0 = "));
        // A key whose own name ends in a digit, written so in the statement, stays as it is.
        assertThat(RefusalFixes.fix(message.replace("currency0", "col1"), statement("SELECT * FROM t AS o JOIN v FOR SYSTEM_TIME AS OF"
                + " o.rowtime AS r ON o.amount = r.rate AND r.col1 > 0"))).hasValueSatisfying(fix -> assertThat(fix)
                .contains("PRIMARY KEY (col1)"));
    }

    @Test
    void aHopSlideLongerThanItsSizeIsToldTheSlideThatEqualsTheSize() {
        // HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '5' MINUTE): slide 10 min, size 5 min.
        String message = "HOP table function based aggregate requires size must be an integral multiple of slide, but"
                + " got size 300000 ms and slide 600000 ms";
        assertThat(RefusalFixes.fix(message, statement("SELECT 1"))).hasValueSatisfying(fix -> assertThat(fix)
                .contains("its 4th argument, 5 min")
                .contains("a slide that divides it (INTERVAL '5' MINUTE)")
                .contains("a size that is a multiple of it (INTERVAL '10' MINUTE)"));
    }

    @Test
    void aSubSecondSlideIsWrittenInSeconds() {
        String message = "HOP table function based aggregate requires size must be an integral multiple of slide, but"
                + " got size 1000 ms and slide 300 ms";
        assertThat(RefusalFixes.fix(message, statement("SELECT 1"))).hasValueSatisfying(fix -> assertThat(fix)
                .contains("INTERVAL '0.250' SECOND or INTERVAL '0.500' SECOND")
                .contains("INTERVAL '0.900' SECOND or INTERVAL '1.200' SECOND"));
    }

    @Test
    void anUnknownJoinTypeIsAnsweredOnlyForAJoinForSystemTimeAsOf() {
        String message = "Unknown join type RIGHT";
        assertThat(RefusalFixes.fix(message, statement("SELECT * FROM a RIGHT JOIN b ON a.k = b.k"))).isEmpty();
        assertThat(RefusalFixes.fix(message,
                statement("SELECT * FROM a RIGHT JOIN b for system_time as of a.pt AS c ON a.k = c.k"))).isPresent();
        // The words in a comment are no join FOR SYSTEM_TIME AS OF: the statement's tree has none.
        assertThat(RefusalFixes.fix(message, statement("-- to be joined FOR SYSTEM_TIME AS OF a.pt\n"
                + "SELECT * FROM a RIGHT JOIN b ON a.k = b.k"))).isEmpty();
    }

    /** A name is the statement's where one of its identifiers has it, not a word of a string or a comment. */
    @Test
    void aVersionedTableKeyNamedOnlyInAStringIsFlinksName() {
        String message = "Temporal table's primary key [currency0] must be included in the equivalence condition of"
                + " temporal join, but current temporal join condition is [amount=rate].";
        assertThat(RefusalFixes.fix(message, statement("SELECT * FROM orders AS o JOIN rates FOR SYSTEM_TIME AS OF"
                + " o.rowtime AS r ON o.amount = r.rate WHERE o.note <> 'currency' /* currency */")))
                .hasValueSatisfying(fix -> assertThat(fix).contains("PRIMARY KEY (currency0 as Flink prints it;"));
    }

    @Test
    void aCastErrorIsAnsweredAsADescriptorOfAnExpressionOnlyWhereTheStatementWritesOne() {
        String message = "class org.apache.calcite.sql.SqlBasicCall cannot be cast to class org.apache.calcite.sql.SqlIdentifier"
                + " (org.apache.calcite.sql.SqlBasicCall and org.apache.calcite.sql.SqlIdentifier are in unnamed module of"
                + " loader 'app')";
        assertThat(RefusalFixes.fix(message, statement("SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' HOUR))")))
                .isEmpty();
        assertThat(RefusalFixes.fix(message,
                statement("select * from table (tumble(table t, descriptor( to_timestamp(s)), interval '1' hour))")))
                .hasValueSatisfying(fix -> assertThat(fix).contains("DESCRIPTOR(event_time)"));
        assertThat(RefusalFixes.fix("Column 'ts_millis' not found in any table",
                statement("SELECT * FROM TABLE(HOP(TABLE p, DESCRIPTOR(CAST(ts_millis AS TIMESTAMP(3))), INTERVAL '1' MINUTE,"
                        + " INTERVAL '10' MINUTE))"))).isPresent();
        assertThat(RefusalFixes.fix("Column 'ts_millis' not found in any table", statement("SELECT ts_millis FROM p"))).isEmpty();
    }

    /**
     * The window's arguments are read from the statement's tree, each as written: a comment's words are no argument,
     * and a quoted name is read whole (issue 30 §4).
     */
    @Test
    void aWindowsArgumentsAreReadFromTheTreeNotFromTheWordsOfTheText() {
        String cast = "class org.apache.calcite.sql.SqlBasicCall cannot be cast to class org.apache.calcite.sql.SqlIdentifier";
        assertThat(RefusalFixes.fix(cast, statement("-- was DESCRIPTOR(TO_TIMESTAMP(s))\n"
                + "SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' HOUR))"))).isEmpty();

        String count = "Invalid number of arguments to function 'SESSION'. Was expecting 3 arguments";
        assertThat(RefusalFixes.fix(count, statement("SELECT * FROM TABLE(SESSION(TABLE clicks, DESCRIPTOR(ts)))"
                + " /* SESSION(TABLE clicks, DESCRIPTOR(ts), DESCRIPTOR(user_id), INTERVAL '10' MINUTE) */"))).isEmpty();
        assertThat(RefusalFixes.fix(count, statement("SELECT * FROM TABLE(SESSION(TABLE `web clicks`,"
                + " DESCRIPTOR(`event time`), DESCRIPTOR(user_id,  site), INTERVAL '10' MINUTE))")))
                .hasValueSatisfying(fix -> assertThat(fix).contains("SESSION(TABLE `web clicks` PARTITION BY"
                        + " (user_id,  site), DESCRIPTOR(`event time`), ...)").contains("sessions per user_id,  site,"));
    }
}

package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.LintLikeSession;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Issue 30 §1 on the own cases 271-277, through the guard's pipeline and Flink's planner (every
 * rewrite proven, as lint proves them): a fix text proposes the TTL its rewrites use; a TTL rewrite
 * says where operators of one pipeline expire at different times; per-input TTLs stay per input; the
 * bounded sort, {@code FIRST_VALUE} and {@code ON CONFLICT} rewrites say what they do or are not
 * offered; a rewrite keeps the statement's layout and ends outside a trailing comment.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RewritesSayWhatChangesTest {

    private LintLikeSession lint;

    @BeforeAll
    void start() {
        lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterAll
    void stop() {
        lint.close();
    }

    /** The last statement's submission of the own case whose file name starts with {@code number}. */
    private Submission lastOf(String number) throws IOException {
        Path file;
        try (Stream<Path> files = Files.list(CaseCorpus.ownDir())) {
            file = files.filter(p -> p.getFileName().toString().startsWith(number + "-")).findFirst().orElseThrow();
        }
        SqlScript script = SqlScript.read(file);
        List<Submission> all = lint.run(script.sessionProperties(), script.statements(), script.executionConfig());
        return all.get(all.size() - 1);
    }

    private static Rewrite rewrite(Submission submission, String family) {
        return submission.decision().rewrites().verified().stream().filter(r -> r.family().equals(family)).findFirst()
                .orElseThrow(() -> new AssertionError("no proven " + family + " in "
                        + submission.decision().rewrites().verified()));
    }

    private static Finding finding(Submission submission, String rule) {
        return submission.decision().verdict().findings().stream().filter(f -> f.ruleId().equals(rule)).findFirst()
                .orElseThrow();
    }

    /**
     * Own case 566, a count of counts: under a TTL the inner aggregation starts a returning user anew and emits it
     * with no retraction of its old count (GroupAggHelper#processElement), and the changes: line says that the outer
     * count keeps the old one.
     */
    @Test
    void aTtlOverACountOfCountsSaysTheOldCountIsNeverRetracted() throws IOException {
        Submission counts = lastOf("566");

        assertThat(rewrite(counts, "session-state-ttl").changes())
                .contains("a count of counts")
                .contains("no retraction of the result it had before");
    }

    /**
     * Own cases 999 and 1000, a count over the latest row per key (a Deduplicate) or over a Top-1 (a Rank): under a TTL
     * the ranking forgets an idle key and emits its next row as a new one, with no retraction of the row it emitted
     * before (DeduplicateFunctionHelper, AppendOnlyTopNFunction), so the count above counts the key twice; and the
     * count is read by no Top-N, so the line does not say a Top-N ranks its new value.
     */
    @Test
    void aTtlUnderACountOverARankingSaysAReturningKeyIsCountedTwice() throws IOException {
        assertThat(rewrite(lastOf("999"), "session-state-ttl").changes())
                .contains("an aggregation here reads the rows a Deduplicate keeps per key")
                .contains("counts that key twice");
        assertThat(rewrite(lastOf("1000"), "session-state-ttl").changes())
                .contains("an aggregation here reads the rows a Rank keeps per key")
                .contains("counts that key's rows twice")
                .doesNotContain("the Top-N ranks that new value");
    }

    @Test
    void fixOfAJoinBoundedThreeDaysProposesTheThreeDaysItsRewritesUse() throws IOException {
        Submission join = lastOf("271");

        assertThat(finding(join, "stateful-without-ttl").fix()).contains("'3 d'").doesNotContain("'1 d'");
        assertThat(rewrite(join, "state-ttl-hint").sql()).contains("'3 d'");
        assertThat(rewrite(join, "session-state-ttl").sql()).contains("'3 d'");
    }

    @Test
    void hintAddedToAJoinKeepsTheStatementAsWritten() throws IOException {
        String statement = rewrite(lastOf("271"), "state-ttl-hint").statement();

        assertThat(statement).isEqualTo("SELECT /*+ STATE_TTL('o' = '3 d', 's' = '3 d') */ o.order_id, s.ship_time\n"
                + "FROM orders o\n"
                + "JOIN shipments s\n"
                + "  ON o.order_id = s.order_id\n"
                + " AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '3' DAY");
    }

    @Test
    void sessionTtlOverAJoinThatKeepsItsOwnTtlGivesTheRankTheJoinsTtl() throws IOException {
        Rewrite ttl = rewrite(lastOf("272"), "session-state-ttl");

        // Not 1 d under the join's 90 d: the Rank would forget a user the join still holds (PipelineTtls).
        assertThat(ttl.sql()).startsWith("SET 'table.exec.state.ttl' = '90 d';");
        assertThat(ttl.chosen()).contains("the TTL the statement gives the Join");
        assertThat(ttl.changes()).doesNotContain("expire at different times");
    }

    @Test
    void sessionTtlUnderJoinSidesOfTwoTtlsTakesTheLongerAndSaysTheMixOneSetLeaves() throws IOException {
        Rewrite ttl = rewrite(lastOf("618"), "session-state-ttl");

        assertThat(ttl.sql()).startsWith("SET 'table.exec.state.ttl' = '4 d';");
        assertThat(ttl.changes()).contains("the Join of salaries with budgets keeps the rows of salaries under a TTL of 1 d, over the"
                + " GroupAggregate, which keeps its state under a TTL of 4 d")
                .doesNotContain("right input");
    }

    @Test
    void ttlsWrittenPerInputInOptionsHintsStayPerInput() throws IOException {
        Rewrite job = rewrite(lastOf("273"), "ttl-as-job-setting");

        assertThat(job.sql()).contains("STATE_TTL('o' = '12 h', 'p' = '2 d')").doesNotContain("SET ")
                .doesNotContain("OPTIONS");
        assertThat(job.changes()).contains("each input keeps its own TTL");
    }

    @Test
    void boundedSortSaysAnAscendingSortOfAGrowingColumnStopsChangingAndKeepsAsc() throws IOException {
        Rewrite sort = rewrite(lastOf("274"), "bounded-sort");

        assertThat(sort.statement()).endsWith("ORDER BY seq ASC LIMIT 10");
        assertThat(sort.changes()).contains("stops changing once it holds 10 rows").doesNotContain("updated as rows arrive");
    }

    @Test
    void firstValueRewriteSaysALateOlderRowDoesNotReplaceTheFirst() throws IOException {
        assumeFalse(FlinkLine.current().line().equals("1.20"),
                "Flink 1.20's FIRST_VALUE takes no TIMESTAMP ('FIRST_VALUE aggregate function does not support type'):"
                        + " the proof rejects the rewrite there");
        Rewrite first = rewrite(lastOf("275"), "last-value");

        assertThat(first.sql()).contains("FIRST_VALUE(status)");
        assertThat(first.changes()).contains("first non-NULL value").contains("does not replace the first to arrive")
                .doesNotContain("overwrites newer values");
    }

    @Test
    void lastValueRewriteKeepsTheOuterBlocksLinesAndWritesTheTableAndConditionAsTheUserDid() throws IOException {
        assumeFalse(FlinkLine.current().line().equals("1.20"),
                "Flink 1.20's LAST_VALUE takes no TIMESTAMP: the proof rejects the rewrite there");
        Rewrite last = rewrite(lastOf("440"), "last-value");

        assertThat(last.statement()).isEqualTo("SELECT order_id, LAST_VALUE(status) AS status, LAST_VALUE(updated_at) AS updated_at\n"
                + "FROM order_status\n"
                + "WHERE (status <> 'void')\n"
                + "GROUP BY order_id");
    }

    @Test
    void firstValueRewriteInLowerCaseAddsItsGroupByAtTheFromsIndentationInLowerCase() throws IOException {
        Rewrite first = rewrite(lastOf("441"), "last-value");

        assertThat(first.statement()).isEqualTo("select device_id, first_value(reading) as reading\n"
                + "  from device_events\n"
                + "  group by device_id");
    }

    @Test
    void topThreeIntoASinkKeyedByItsPartitionGetsNoOnConflictChoice() throws IOException {
        assumeFalse(FlinkLine.current().line().equals("1.20"), "Flink 1.20 has no ON CONFLICT clause (FLIP-558 is 2.3)");
        Submission insert = lastOf("276");

        assertThat(insert.decision().rewrites().verified()).noneMatch(r -> r.family().equals("on-conflict"));
        assertThat(finding(insert, "on-conflict-required").fix()).contains("filter rn = 1")
                .contains("add it to the sink's primary key");
    }

    @Test
    void rewriteOfAStatementEndingInALineCommentEndsOnTheNextLine() throws IOException {
        List<Rewrite> rewrites = lastOf("277").decision().rewrites().verified();

        assertThat(rewrites).isNotEmpty();
        for (Rewrite rewrite : rewrites) {
            assertThat(rewrite.sql()).as(rewrite.family()).endsWith("-- cheapest three; see the report\n;");
            List<ScriptSplitter.Statement> statements = ScriptSplitter.split(rewrite.sql());
            assertThat(statements.get(statements.size() - 1).text()).as(rewrite.family()).contains("WHERE rn <= 3");
        }
    }

    @Test
    void dailyReportByCastToDateIsAOneDayWindowKeepingItsDateColumn() throws IOException {
        List<Rewrite> windows = lastOf("278").decision().rewrites().verified().stream()
                .filter(r -> r.family().equals("window-aggregate")).toList();
        assertThat(windows).hasSize(2);
        assertThat(windows.get(0).statement()).contains("CAST(window_start AS DATE) AS order_day")
                .contains("CUMULATE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR, INTERVAL '1' DAY)");
        Rewrite window = windows.get(1);

        assertThat(window.statement()).contains("CAST(window_start AS DATE) AS order_day")
                .contains("TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' DAY)");
        assertThat(window.columns()).isEqualTo("same");
        assertThat(window.changes()).contains("1 d window").contains("dropped, where the original counted it");
    }

    @Test
    void reportsByDateFormatGetTheWindowOfThePatternsFinestField() throws IOException {
        assertThat(rewrite(lastOf("279"), "window-aggregate").statement())
                .contains("DATE_FORMAT(window_start, 'yyyy-MM-dd') AS order_day").contains("INTERVAL '1' DAY");
        assertThat(rewrite(lastOf("280"), "window-aggregate").statement()).contains("INTERVAL '1' HOUR");
        assertThat(lastOf("281").decision().rewrites().verified()).noneMatch(r -> r.family().equals("window-aggregate"));
    }

    @Test
    void firstRewriteUnderAnUnboundedTopOneIsTheWatermarkBeforeTheSessionTtl() throws IOException {
        Submission latest = lastOf("282");

        List<Rewrite> underBlock = latest.decision().rewrites().verified().stream()
                .filter(r -> r.answers(finding(latest, "unbounded-rank"))).toList();
        assertThat(underBlock).extracting(Rewrite::family).startsWith("watermark").contains("session-state-ttl");
    }

    @Test
    void unknownTtlKeyIsRewrittenWithTheKeyFlinkReads() throws IOException {
        assertThat(rewrite(lastOf("119"), "ttl-key").sql()).isEqualTo("SET 'table.exec.state.ttl' = '1 d';");
        assertThat(rewrite(lastOf("132"), "ttl-key").sql()).isEqualTo("SET 'table.exec.state.ttl' = '1 d';");
    }

    @Test
    void unquotedSetAfterACommentIsQuotedAndKeepsTheComment() throws IOException {
        assertThat(rewrite(lastOf("205"), "quoted-set").sql())
                .isEqualTo("/* one day is enough for a click session */ SET 'table.exec.state.ttl' = '1 d';");
        assertThat(rewrite(lastOf("207"), "quoted-set").sql()).isEqualTo("-- back to the default\nRESET 'table.exec.state.ttl';");
    }

    @Test
    void findingAboutAPlanNodeAndItsRewritesShareTheNodesId() throws IOException {
        Submission join = lastOf("271");
        Finding finding = finding(join, "stateful-without-ttl");

        assertThat(finding.planNode()).isPresent();
        assertThat(finding.node()).startsWith("Join[" + finding.planNode().get() + "]");
        assertThat(join.decision().rewrites().verified()).isNotEmpty()
                .allSatisfy(r -> assertThat(r.planNodes()).containsExactly(finding.planNode().get()));
    }

    @Test
    void hourlyReportIsOfferedAsACumulateWindowStepEachMinuteThenATumbleWindowBeforeAnyTtl() throws IOException {
        Submission report = lastOf("341");
        List<Rewrite> verified = report.decision().rewrites().verified();

        assertThat(verified).extracting(Rewrite::family).first().isEqualTo("window-aggregate");
        List<Rewrite> windows = verified.stream().filter(r -> r.family().equals("window-aggregate")).toList();
        assertThat(windows).hasSize(2);
        assertThat(windows.get(0).sql())
                .contains("FROM TABLE(CUMULATE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '1' MINUTE, INTERVAL '1' HOUR))")
                .contains("window_start AS view_hour, -- the hour of the view")
                .contains("GROUP BY page, window_start, window_end");
        assertThat(windows.get(0).changes()).contains("a row every 1 min").contains("insert-only")
                .contains("not updates of one row");
        assertThat(windows.get(1).sql()).contains("FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '1' HOUR))");
        assertThat(windows.get(1).changes()).contains("emitted once, when the window closes")
                .contains("nothing is emitted during the window");
    }

    @Test
    void dailyReportUnderAnAliasIsACumulateWindowStepEachHourOverTheAliasedTable() throws IOException {
        Rewrite first = rewrite(lastOf("342"), "window-aggregate");

        assertThat(first.sql())
                .contains("FROM TABLE(CUMULATE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR, INTERVAL '1' DAY)) AS o")
                .contains("DATE_FORMAT(window_start, 'yyyy-MM-dd') AS order_day")
                .contains("GROUP BY window_start, window_end, o.region");
        assertThat(first.changes()).contains("a row every 1 h");
    }

    @Test
    void minuteReportGetsATumbleWindowOnlyNoCumulateBelowAnHour() throws IOException {
        List<Rewrite> windows = lastOf("343").decision().rewrites().verified().stream()
                .filter(r -> r.family().equals("window-aggregate")).toList();

        assertThat(windows).singleElement().satisfies(w -> assertThat(w.sql())
                .contains("TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(click_time), INTERVAL '1' MINUTE))")
                .doesNotContain("CUMULATE"));
    }

    @Test
    void ttlOverAnAscendingEventTimeTopNSaysItsRowsExpireEachOnTheirOwn() throws IOException {
        // Flink's StreamExecRank runs one ascending rowtime key with AppendOnlyTopNFunction (a state entry per
        // ORDER BY value), and only one ascending PROCTIME key with AppendOnlyFirstNFunction (a count per key).
        String eventTime = rewrite(lastOf("480"), "session-state-ttl").changes();
        String processingTime = rewrite(lastOf("481"), "session-state-ttl").changes();

        assertThat(eventTime).contains("keeps each of its rows as a state entry of its own");
        assertThat(processingTime).doesNotContain("state entry of its own");
    }

    @Test
    void hintRewriteLeavesATemporalJoinsBlockUnhintedAndSaysOnlyTheRegularJoinsHint() throws IOException {
        // The temporal join in the subquery takes no STATE_TTL hint (StreamExecTemporalJoin reads the job's TTL):
        // only the block that joins regularly is hinted, and the changes: line names that hint alone.
        Rewrite hint = rewrite(lastOf("478"), "state-ttl-hint");

        assertThat(hint.statement()).containsOnlyOnce("STATE_TTL").contains("STATE_TTL('c' = '1 d', 'p' = '1 d')");
        assertThat(hint.changes()).contains("this statement's join keeps each row 1 d after it was stored"
                + " (STATE_TTL('c' = '1 d', 'p' = '1 d'))").doesNotContain("'r' = ");
    }

    @Test
    void hintRewriteOverATemporalJoinInAWithItemHintsTheAggregationAlone() throws IOException {
        Submission totals = lastOf("479");
        Rewrite hint = rewrite(totals, "state-ttl-hint");

        // 479 is written in lower case: the hint is too (KeywordCase#caseFreeHint)
        assertThat(hint.statement()).containsOnlyOnce("state_ttl").contains("state_ttl('converted' = '1 d')");
        assertThat(hint.changes()).contains("expires 1 d after a key's last change (STATE_TTL('converted' = '1 d'))")
                .doesNotContain("'o' = ");
        assertThat(rewrite(totals, "session-state-ttl").changes())
                .contains("the temporal join takes the TTL as an idle timeout")
                .contains("emitted with NULLs for the versioned side's columns")
                .doesNotContain("a regular join keeps each row");
    }

    @Test
    void topNOverWindowRowsPartitionedByAnotherKeyIsFirstOfferedPerWindow() throws IOException {
        // Flink plans a WindowRank where the partition holds the window columns of the window-aggregated rows.
        Submission top = lastOf("485");
        List<Rewrite> rewrites = top.decision().rewrites().verified();

        assertThat(rewrites).first().satisfies(first -> {
            assertThat(first.family()).isEqualTo("window-partition");
            assertThat(first.statement()).contains("ROW_NUMBER() OVER (PARTITION BY window_start, window_end, category"
                    + " ORDER BY view_count DESC) AS rn\n  FROM hourly");
            assertThat(first.operators()).contains("WindowRank");
            assertThat(first.changes()).contains("the ranking is per window");
        });
    }

    /**
     * Own cases 964 and 965: Flink 2.x's MultiJoin keeps each input's rows as entries of their own, each with its TTL
     * (StreamingMultiJoinOperator, MultiJoinStateViews, Flink 2.3.0), and takes a STATE_TTL hint per input: the hint is
     * offered and proven, and the session TTL's changes: line says a row expires after it was stored, not after its key's
     * last change, a LEFT input's row included (no match writes it).
     */
    @Test
    void multiJoinRowsExpireAfterTheyWereStoredAndTheHintReachesEachInput() throws IOException {
        assumeFalse(FlinkLine.current().line().equals("1.20"), "no MultiJoin before Flink 2.x: 1.20 plans binary joins");
        Submission sink = lastOf("964");

        assertThat(rewrite(sink, "state-ttl-hint").statement())
                .contains("STATE_TTL('o' = '1 d', 's' = '1 d', 'i' = '1 d')");
        assertThat(rewrite(sink, "state-ttl-hint").changes())
                .contains("this statement's MultiJoin keeps each row of its inputs 1 d after it was stored")
                .contains("a row is forgotten then even while the other inputs keep matching it");
        assertThat(rewrite(sink, "session-state-ttl").changes())
                .contains("; the MultiJoin keeps each row of its inputs 1 d after it was stored, not after its key's last change");

        Submission left = lastOf("965");
        assertThat(rewrite(left, "state-ttl-hint").statement())
                .contains("STATE_TTL('user_sessions' = '1 d', 'user_clicks' = '1 d', 'user_purchases' = '1 d')");
        assertThat(rewrite(left, "session-state-ttl").changes()).contains("an outer input's row included");
    }
}

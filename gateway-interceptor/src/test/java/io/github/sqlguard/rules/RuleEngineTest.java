package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Policy application on configuration findings (plan findings are covered by the corpus test). */
class RuleEngineTest {

    private final RuleCatalog catalog = RuleCatalog.builtIn();
    private final StatementParser parser = new StatementParser();

    private Verdict evaluate(Policy policy, String sql) {
        ParsedStatement statement = parser.parse(sql);
        AnalysisContext context =
                new AnalysisContext(
                        statement, Optional.empty(), Optional.empty(), true, Duration.ZERO,
                        List.of(new ConfigChange(statement.setKey(), statement.setValue(), "SET")), Map.of(),
                        policy.ruleOptions());
        return new RuleEngine(catalog, policy).evaluate(context);
    }

    @Test
    void theCatalogsRulesAreOneListNotACopyPerCall() {
        RuleCatalog catalog = RuleCatalog.builtIn();

        // Read several times for every statement (the engine's passes, the decider's check for limits): it was
        // copied on each read.
        assertThat(catalog.rules()).isSameAs(catalog.rules()).isNotEmpty();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> catalog.rules().clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void blocksABareTtlWithBothRules() {
        Verdict verdict = evaluate(Policy.defaults(catalog), "SET 'table.exec.state.ttl' = '24'");
        assertThat(verdict.blocked()).isTrue();
        assertThat(verdict.findings()).extracting(Finding::ruleId).containsExactly("ttl-bare-number", "ttl-too-short");
        assertThat(verdict.findings().get(0).reason()).contains("24 ms").contains("'24 h'");
    }

    @Test
    void honoursSuppressionOnlyWhereTheAdministratorAllowsIt() {
        String sql = "-- sql-guard:allow ttl-too-short load test needs fast expiry\nSET 'table.exec.state.ttl' = '10 s'";
        assertThat(evaluate(Policy.defaults(catalog), sql).blocked()).isTrue();

        Policy allowing =
                Policy.fromConfiguration(
                        Configuration.fromMap(Map.of("sql-guard.rules.ttl-too-short.allow-suppression", "true")), catalog);
        Verdict verdict = evaluate(allowing, sql);
        assertThat(verdict.blocked()).isFalse();
        assertThat(verdict.label()).isEqualTo("INFO");
        assertThat(verdict.suppressed()).containsExactly("ttl-too-short");
    }

    @Test
    void saysThatASuppressionCommentThePolicyDoesNotAllowWasReadAndNotHonoured() {
        String sql = "-- sql-guard:allow ttl-too-short load test needs fast expiry\nSET 'table.exec.state.ttl' = '10 s'";

        Finding blocked = evaluate(Policy.defaults(catalog), sql).findings(Level.BLOCK).get(0);

        assertThat(blocked.fix()).contains("The statement's '-- sql-guard:allow ttl-too-short' comment was read and is not"
                + " honoured: the policy in force does not allow suppressing ttl-too-short",
                "'sql-guard.rules.ttl-too-short.allow-suppression: true'");
        assertThat(evaluate(Policy.defaults(catalog), "SET 'table.exec.state.ttl' = '10 s'").findings(Level.BLOCK).get(0)
                .fix()).as("no comment, a rule whose fix offers no suppression: nothing said").doesNotContain("sql-guard:allow");
    }

    /**
     * Round 55's new user (finding 4): restore-state-skipped's fix offered {@code -- sql-guard:allow} under the default
     * policy, which does not honour it. The fix offers it only where the policy allows it, and otherwise says who can.
     */
    @Test
    void offersToSuppressRestoreStateSkippedOnlyWhereThePolicyAllowsIt() {
        String insert = "INSERT INTO out_t SELECT k, COUNT(*) FROM events GROUP BY k";
        Policy allowing = Policy.fromConfiguration(
                Configuration.fromMap(Map.of("sql-guard.rules.restore-state-skipped.allow-suppression", "true")), catalog);

        String byDefault = skipped(Policy.defaults(catalog), insert).fix();
        String allowed = skipped(allowing, insert).fix();
        String commented = skipped(Policy.defaults(catalog), "-- sql-guard:allow restore-state-skipped rebuilt on purpose\n"
                + insert).fix();

        assertThat(byDefault).doesNotContain("-- sql-guard:allow")
                .contains("the policy in force does not allow suppressing restore-state-skipped",
                        "'sql-guard.rules.restore-state-skipped.allow-suppression: true'");
        assertThat(allowed).contains("If starting without that state is intended, say so on the statement:"
                + " -- sql-guard:allow restore-state-skipped <reason>");
        assertThat(commented).contains("The statement's '-- sql-guard:allow restore-state-skipped' comment was read and is"
                + " not honoured");
    }

    private Finding skipped(Policy policy, String sql) {
        Restore restore = new Restore("file:/tmp/savepoint-1", Optional.empty(), List.of(),
                List.of(new Restore.SavedOperator("20ba6b65f97481d5570070de90e4e791", Optional.of("GroupAggregate[3]"),
                        Optional.empty(), 1024, Optional.empty())),
                true, Optional.empty());
        AnalysisContext context = new AnalysisContext(parser.parse(sql), Optional.empty(), Optional.empty(), true,
                Duration.ZERO, List.of(), Map.of(), policy.ruleOptions(), AdvisedValues.DEFAULTS, Optional.of(restore));
        return new RuleEngine(catalog, policy).evaluate(context).findings().stream()
                .filter(f -> f.ruleId().equals("restore-state-skipped")).findFirst().orElseThrow();
    }

    @Test
    void dropsFindingsOfRulesSwitchedOff() {
        Policy off =
                Policy.fromConfiguration(
                        Configuration.fromMap(Map.of(
                                "sql-guard.rules.ttl-too-short.level", "OFF",
                                "sql-guard.rules.ttl-bare-number.level", "INFO")), catalog);
        Verdict verdict = evaluate(off, "SET 'table.exec.state.ttl' = '24'");
        assertThat(verdict.label()).isEqualTo("INFO");
        assertThat(verdict.findings()).extracting(Finding::ruleId).containsExactly("ttl-bare-number");
    }

    @Test
    void aRuleSeesOnlyTheOptionsItDeclares() {
        RuleDeclaration declaration = RuleDeclaration.check("reads-too-much", Level.WARN, "Reads an option it does not list.");
        Rule greedy =
                new Rule() {
                    @Override
                    public RuleDeclaration declaration() {
                        return declaration;
                    }

                    @Override
                    public List<RuleHit> check(AnalysisContext context) {
                        return List.of(RuleHit.of("max " + context.option(StateTtlOptions.MAX_STATE_TTL), "", "", "none"));
                    }
                };
        RuleCatalog catalog = RuleCatalog.of(List.of(greedy, this.catalog.rule("unbounded-rank").orElseThrow()));
        Policy policy = Policy.defaults(catalog);
        AnalysisContext context =
                new AnalysisContext(
                        parser.parse("SELECT 1"), Optional.empty(), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(),
                        policy.ruleOptions());

        Finding finding = new RuleEngine(catalog, policy).evaluate(context).findings().get(0);

        assertThat(finding.reason()).contains("failed").contains("'sql-guard.max-state-ttl' is not declared here");
    }

    /**
     * One evaluation makes one view of the context per list of options the rules declare, not one per rule: rules of
     * equal lists share it, and a rule between them that declares none still sees none.
     */
    @Test
    void rulesOfTheSameOptionsShareAViewAndARuleOfNoneStillSeesNone() {
        Rule first = reading("reads-max-first", StateTtlOptions.MAX_STATE_TTL);
        Rule none = reading("reads-max-undeclared");
        Rule second = reading("reads-max-second", StateTtlOptions.MAX_STATE_TTL);
        RuleCatalog catalog = RuleCatalog.of(List.of(first, none, second));
        Policy policy = Policy.defaults(catalog);
        AnalysisContext context =
                new AnalysisContext(
                        parser.parse("SELECT 1"), Optional.empty(), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(),
                        policy.ruleOptions());

        List<Finding> findings = new RuleEngine(catalog, policy).evaluate(context).findings();

        assertThat(findings).extracting(Finding::ruleId)
                .containsExactly("reads-max-first", "reads-max-undeclared", "reads-max-second");
        assertThat(findings.get(0).reason()).isEqualTo("max PT8760H");
        assertThat(findings.get(1).reason()).contains("failed").contains("'sql-guard.max-state-ttl' is not declared here");
        assertThat(findings.get(2).reason()).isEqualTo("max PT8760H");
    }

    /** A rule {@code id} declaring {@code options} (a list of its own) whose hit says the max-state-ttl it reads. */
    private static Rule reading(String id, RuleOption<?>... options) {
        RuleDeclaration declaration = RuleDeclaration.check(id, Level.WARN, "Says the max-state-ttl it reads.", options);
        return new Rule() {
            @Override
            public RuleDeclaration declaration() {
                return declaration;
            }

            @Override
            public List<RuleHit> check(AnalysisContext context) {
                return List.of(RuleHit.of("max " + context.option(StateTtlOptions.MAX_STATE_TTL), "", "", "none"));
            }
        };
    }

    @Test
    void aRuleThatThrowsYieldsItsOwnFindingAndTheOtherRulesStillDecide() {
        RuleDeclaration declaration = RuleDeclaration.check("broken-rule", Level.BLOCK, "Always throws.");
        Rule broken =
                new Rule() {
                    @Override
                    public RuleDeclaration declaration() {
                        return declaration;
                    }

                    @Override
                    public List<RuleHit> check(AnalysisContext context) {
                        throw new IllegalStateException("bug in the rule");
                    }
                };
        RuleCatalog withBroken =
                RuleCatalog.of(List.of(broken, catalog.rule("ttl-too-short").orElseThrow()));
        Policy policy = Policy.defaults(withBroken);
        ParsedStatement statement = parser.parse("SET 'table.exec.state.ttl' = '10 s'");
        AnalysisContext context =
                new AnalysisContext(
                        statement, Optional.empty(), Optional.empty(), true, Duration.ZERO,
                        List.of(new ConfigChange(statement.setKey(), statement.setValue(), "SET")), Map.of(),
                        policy.ruleOptions());

        Verdict verdict = new RuleEngine(withBroken, policy).evaluate(context);

        assertThat(verdict.findings()).extracting(Finding::ruleId).containsExactly("broken-rule", "ttl-too-short");
        Finding failed = verdict.findings().get(0);
        assertThat(failed.level()).as("a failing rule never blocks on its own").isEqualTo(Level.WARN);
        assertThat(failed.reason()).contains("broken-rule").contains("bug in the rule");
        assertThat(verdict.findings().get(1).level()).as("the other rules still decide").isEqualTo(Level.BLOCK);
    }
}

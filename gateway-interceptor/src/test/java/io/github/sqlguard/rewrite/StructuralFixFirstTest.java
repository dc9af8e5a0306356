package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.ProvenCorpus;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Issue 30's "done when" over the whole corpus (shared and own cases), as lint proves rewrites: for
 * every BLOCK finding about a plan node that reads a time attribute (a {@code WATERMARK} column or a
 * {@code PROCTIME()} below it), the structural fix comes before the state TTL, which only forgets
 * keys:
 *
 * <ul>
 *   <li>the first rewrite shown under it is a structural one (a window, a watermark that makes a
 *       {@code Deduplicate}, ...), wherever one was proven;
 *   <li>a structural rewrite proven for another finding of the same plan node (the {@code
 *       window-partition} of {@code window-rank-not-recognized} on the same {@code Rank}) is among its
 *       rewrites, before the TTL, and the answer's first rewrite is the structural one;
 *   <li>its fix text names first a structural way (a window Top-N, a window aggregation below, the
 *       legacy window as a window table function, a {@code Deduplicate}, the ranking dropped),
 *       wherever it names one, and the TTL after it.
 * </ul>
 *
 * Only the cases whose last statement is BLOCK on this line are read (setup statements are never
 * blocked), from the corpus's runs of this JVM ({@link ProvenCorpus}); {@code -Dsql-guard.cases.only=REGEX}
 * narrows them as for {@code CaseCorpusTest}.
 */
class StructuralFixFirstTest {

    /** The families that only bound the state with a TTL. */
    private static final Set<String> TTL_FAMILIES = Set.of(StateTtlHint.ID, SessionStateTtl.ID);

    /** A way of a fix that changes the operator so that its state is freed, or gone. */
    private static final Pattern STRUCTURAL_WAY = Pattern.compile(
            "TUMBLE\\(|HOP\\(|CUMULATE\\(|window table function|Deduplicate|drop the ROW_NUMBER");

    /** A way of a fix that sets a state TTL. */
    private static final Pattern TTL_WAY = Pattern.compile("table\\.exec\\.state\\.ttl|STATE_TTL\\(");

    @Test
    void everyBlockOnATimeAttributeShowsTheStructuralFixFirst() throws IOException {
        String only = System.getProperty("sql-guard.cases.only");
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Path file : CaseCorpus.all()) {
            if (only != null && !file.getFileName().toString().matches(only)) {
                continue;
            }
            SqlScript script = SqlScript.read(file);
            if (!script.expectedVerdict().equals("BLOCK")) {
                continue;
            }
            ProvenCorpus.Run run = ProvenCorpus.of(file);
            // A family that throws offers nothing on this shape, whatever it should have offered.
            run.familyFailures().forEach(failure -> wrong.add(script.name() + ": " + failure));
            Submission last = run.last();
            Optional<ExplainedPlan> plan = last.decision().plan();
            for (Finding finding : last.decision().verdict().findings(Level.BLOCK)) {
                Optional<PlanNode> node = finding.planNode().flatMap(id -> plan.flatMap(p -> p.node(id)));
                if (node.isEmpty() || plan.get().timeAttributesBelow(node.get()).isEmpty()) {
                    continue;
                }
                checked++;
                String where = script.name() + " " + finding.ruleId();
                List<String> families = last.decision().rewrites().of(finding).stream().map(Rewrite::family).toList();
                if (families.stream().anyMatch(f -> !TTL_FAMILIES.contains(f)) && TTL_FAMILIES.contains(families.get(0))) {
                    wrong.add(where + ": the first rewrite shown is " + families.get(0) + ", of " + families);
                }
                // A structural rewrite proven for another finding of the same plan node removes this one's operator too.
                List<String> lent = last.decision().rewrites().verified().stream()
                        .filter(r -> r.planNodes().contains(finding.planNode().get()) && !r.ruleId().equals(finding.ruleId()))
                        .map(Rewrite::family)
                        .filter(f -> RewriteFamilies.structural(f))
                        .toList();
                if (!lent.isEmpty() && (families.isEmpty() || !RewriteFamilies.structural(families.get(0)))) {
                    wrong.add(where + ": " + lent + " proven for another finding of its plan node, but its rewrites are "
                            + families);
                }
                if (!families.isEmpty() && !TTL_FAMILIES.contains(families.get(0))
                        && last.decision().verdict().findings(Level.BLOCK).get(0) == finding
                        && TTL_FAMILIES.contains(last.decision().rewrites().verified().get(0).family())) {
                    wrong.add(where + ": the answer's first rewrite is "
                            + last.decision().rewrites().verified().get(0).family());
                }
                List<String> ways = Arrays.asList(finding.fix().split("; or "));
                int structural = firstIndex(ways, STRUCTURAL_WAY);
                int ttl = firstIndex(ways, TTL_WAY);
                if (structural >= 0 && ttl >= 0 && ttl < structural) {
                    wrong.add(where + ": the fix names the TTL before the structural way: " + finding.fix());
                }
            }
        }
        assertThat(checked).as("BLOCK findings on a time attribute").isPositive();
        assertThat(wrong).isEmpty();
    }

    /** The families of a join rewritten to read one side as of a time, which a rule writes only conditionally. */
    private static final Set<String> AS_OF_FAMILIES = Set.of("lookup-join", "temporal-join");

    /**
     * Where a lookup or temporal join planned and is a finding's first rewrite (any level), the fix names that join
     * first and definitely ("Join rates as a temporal join ..."), not as "when rates is a dimension table ...", and
     * the TTL after it: the proof settled what the rule could only suppose. Read where the fix names such a join at
     * all (361's does not: its view renames the key Flink names).
     */
    @Test
    void aProvenLookupOrTemporalJoinIsTheFixsFirstWay() throws IOException {
        String only = System.getProperty("sql-guard.cases.only");
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Path file : CaseCorpus.all()) {
            if (only != null && !file.getFileName().toString().matches(only)) {
                continue;
            }
            SqlScript script = SqlScript.read(file);
            Submission last = ProvenCorpus.of(file).last();
            for (Finding finding : last.decision().verdict().findings()) {
                Optional<Rewrite> first = last.decision().rewrites().first(finding);
                if (first.isEmpty() || !AS_OF_FAMILIES.contains(first.get().family())
                        || !finding.fix().contains("FOR SYSTEM_TIME AS OF")) {
                    continue;
                }
                checked++;
                List<String> ways = Arrays.asList(finding.fix().split("; or "));
                String kind = first.get().family().equals("lookup-join") ? "as a lookup join" : "as a temporal join";
                if (!ways.get(0).startsWith("Join ") || !ways.get(0).contains(kind)
                        || !ways.get(0).contains("FOR SYSTEM_TIME AS OF")) {
                    wrong.add(script.name() + " " + finding.ruleId() + ": first rewrite " + first.get().family()
                            + ", but the fix begins: " + ways.get(0));
                }
                int ttl = firstIndex(ways, TTL_WAY);
                String supposed = first.get().family().equals("lookup-join")
                        ? "is a dimension table whose connector is a lookup source"
                        : "holds versions of a row per key, a temporal join";
                if (ttl == 0 || finding.fix().contains(supposed)) {
                    wrong.add(script.name() + " " + finding.ruleId() + ": the proven join is still supposed, or the TTL first: "
                            + finding.fix());
                }
            }
        }
        assertThat(checked).as("findings whose first rewrite is a lookup or temporal join").isPositive();
        assertThat(wrong).isEmpty();
    }

    private static int firstIndex(List<String> ways, Pattern pattern) {
        for (int i = 0; i < ways.size(); i++) {
            if (pattern.matcher(ways.get(i)).find()) {
                return i;
            }
        }
        return -1;
    }
}

package io.github.sqlguard.rules;

import io.github.sqlguard.audit.Redactor;

import java.util.Objects;
import java.util.Optional;

/**
 * What a rule found in one statement.
 *
 * @param ruleId the rule's stable id, e.g. {@code unbounded-rank}
 * @param level the level after policy (configured level, suppression, caps)
 * @param reason one sentence: what is wrong and why it matters
 * @param node the plan node line or SQL fragment concerned (for example {@code Rank(...)} or
 *     {@code SET 'table.exec.state.ttl' = '24'}), never {@code null}
 * @param excerpt the plan around the node with the node marked by {@code ==>}, or empty when the
 *     finding is not about a plan node
 * @param fix a concrete rewrite or setting that removes the finding
 * @param docLink the path of the rule's page, {@code docs/rules/<id>.md}
 * @param planNode the id of the plan node the finding is about ({@link io.github.sqlguard.plan.PlanNode#id()},
 *     as {@code node} and the excerpt name it: {@code Rank[5]}); empty when it is about no plan node (a
 *     {@code SET}, a planner error). A rewrite names the nodes it changes by these ids, and answers a
 *     finding by its rule and this id ({@code rewrite.Rewrite#answers})
 * @param facts what the rule established, as values (the operator, the intended TTL, the keys, the time
 *     attribute), which the rewrites that answer the finding read instead of its text; not rendered
 */
public record Finding(
        String ruleId,
        Level level,
        String reason,
        String node,
        String excerpt,
        String fix,
        String docLink,
        Optional<Integer> planNode,
        Facts facts) {

    /**
     * Every text of a finding is masked of the secrets it quotes ({@link Redactor#maskSecrets}): a
     * rule names the value it refuses, and its finding is the refusal the user sees, the gateway's
     * log line of it, the audit record's {@code node}, the advisory and the guard's section of an
     * {@code EXPLAIN}.
     */
    public Finding {
        Objects.requireNonNull(planNode);
        Objects.requireNonNull(facts);
        reason = Redactor.maskSecrets(reason);
        node = Redactor.maskSecrets(node);
        excerpt = Redactor.maskSecrets(excerpt);
        fix = Redactor.maskSecrets(fix);
    }

    /** How a diagnosis's {@code node} starts: Flink's own message of the statement it refused follows. */
    public static final String FLINK_MESSAGE = "Flink: ";

    /** The lines of Flink's message an {@code at:} line shows before it leaves the rest out ({@link #at}). */
    static final int AT_LINES = 6;

    /**
     * {@code node} as an {@code at:} line shows it: whole, but for Flink's message of a statement it refused ({@value
     * #FLINK_MESSAGE}), which can list a connector's every option (a dozen lines and more under {@code Unsupported
     * options found for 'datagen'}): its root cause line and the first of the rest, {@value #AT_LINES} lines that are
     * not blank in all, then how many lines were left out and where the whole message is (the statement's audit
     * record keeps it), then the outer contexts Flink wrapped it in ({@code Context: Unable to create a source for
     * reading table '...'}, {@code plan.PlannerError#CONTEXT}), which say where it failed.
     */
    public static String at(String node) {
        if (!node.startsWith(FLINK_MESSAGE)) {
            return node;
        }
        java.util.List<String> lines = node.lines().toList();
        java.util.List<String> kept = new java.util.ArrayList<>();
        java.util.List<String> contexts = new java.util.ArrayList<>();
        int shown = 0;
        int left = 0;
        for (String line : lines) {
            if (line.startsWith(CONTEXT) && !kept.isEmpty()) {
                contexts.add(line);
            } else if (shown < AT_LINES) {
                kept.add(line);
                shown += line.isBlank() ? 0 : 1;
            } else if (!line.isBlank()) {
                left++;
            }
        }
        // One line left out would take as much room as the note that says so.
        if (left <= 1) {
            return node;
        }
        while (!kept.isEmpty() && kept.get(kept.size() - 1).isBlank()) {
            kept.remove(kept.size() - 1);
        }
        kept.add("... (" + left + " more lines of Flink's message left out here: the statement's audit record keeps it"
                + " whole, as its finding's \"node\")");
        kept.addAll(contexts);
        return String.join("\n", kept);
    }

    /** How {@code plan.PlannerError#text} starts an outer context's line. */
    private static final String CONTEXT = "Context: ";

    /** A finding with no facts beyond its text. */
    public Finding(
            String ruleId, Level level, String reason, String node, String excerpt, String fix, String docLink,
            Optional<Integer> planNode) {
        this(ruleId, level, reason, node, excerpt, fix, docLink, planNode, Facts.NONE);
    }

    /** A finding about no plan node. */
    public Finding(String ruleId, Level level, String reason, String node, String excerpt, String fix, String docLink) {
        this(ruleId, level, reason, node, excerpt, fix, docLink, Optional.empty(), Facts.NONE);
    }

    /** Multi-line text for an error message or a terminal: level, id, reason, plan, fix, link (as {@link #docLink}). */
    public String describe() {
        return describe("");
    }

    /**
     * As {@link #describe()}, the link under {@code docsBaseUrl} ({@code sql-guard.docs-base-url}, e.g.
     * {@code https://github.com/sql-guard/flink-sql-guard/blob/main/}): a user reading a refusal in the SQL
     * Client has no {@code docs/} directory to open.
     */
    public String describe(String docsBaseUrl) {
        StringBuilder out = new StringBuilder();
        out.append(level).append(' ').append(ruleId).append(": ").append(reason).append('\n');
        if (!excerpt.isEmpty()) {
            out.append("  plan:\n");
            excerpt.lines().forEach(l -> out.append("    ").append(l).append('\n'));
        } else if (!node.isEmpty()) {
            out.append("  at: ").append(at(node)).append('\n');
        }
        out.append("  fix: ").append(fix).append('\n');
        out.append("  see: ").append(docsBaseUrl).append(docLink).append('\n');
        return out.toString();
    }
}

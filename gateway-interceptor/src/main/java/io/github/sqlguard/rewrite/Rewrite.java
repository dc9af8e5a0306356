package io.github.sqlguard.rewrite;

import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A rewrite of the user's statement that the guard proved ({@link Prover}): planned in the user's
 * session without changing it, the operator that caused the finding gone and the intended one
 * there, no BLOCK finding of its own, and its output columns the original's or the difference
 * stated. Only proven rewrites are shown.
 *
 * <p>Stability: public, evolving (lint's JSON report and the advisory routes carry it).
 *
 * @param ruleId the rule of the finding it answers
 * @param findingNode the node of that finding ({@link Finding#node()}), which ties the two together
 * @param family what kind of rewrite it is ({@link RewriteFamily#id()}), e.g. {@code window-top-n}
 * @param sql what to run instead: the statement rewritten, after the statements it needs (a {@code
 *     SET}, an {@code ALTER TABLE}, a view's new definition), each ending with {@code ;}
 * @param statement the rewritten statement alone (the last of {@code sql}), as it goes in place of
 *     the user's statement
 * @param operators the stateful operators of the proven plan, by Flink's names ({@code WindowRank},
 *     {@code Deduplicate}, ...), in plan order, each once
 * @param columns {@code same}, or how the output columns differ from the original's
 * @param changes one line: what changes in meaning
 * @param chosen the values the rewrite had to choose, and where each came from (empty when none)
 * @param view the view whose definition is rewritten, when the pattern sits in a view
 * @param remaining the findings the rewritten statement still has (none BLOCK but a restore rule's, see {@code
 *     restores}), by level, rule and node of the rewrite's plan, shown as {@code LEVEL rule-id} ({@link
 *     StillReported#printed})
 * @param planNodes the ids of the nodes of the statement's judged plan the rewrite changes ({@link
 *     Finding#planNode()}): the node of the finding it answers; empty when that finding is about no
 *     plan node (a {@code SET}, a planner error)
 * @param way the way of the finding's fix this rewrite proves, with the join and the columns it used ({@link
 *     ProvenWay}: a lookup or a temporal join), which {@link ProvenFixes} writes first; empty for the other families
 * @param restores false when the statement restores state (the savepoint its session names; in {@code lint} its
 *     previous version) and the rewrite, judged as that restore by the same check ({@code RestoreLoss}), does not
 *     keep it: Flink would refuse it, start it without that state, or fail it; its {@code changes} say what is lost.
 *     True otherwise, and for a statement that restores nothing. A rewrite that restores comes first ({@link Rewriter})
 */
public record Rewrite(
        String ruleId,
        String findingNode,
        String family,
        String sql,
        String statement,
        List<String> operators,
        String columns,
        String changes,
        String chosen,
        Optional<String> view,
        List<StillReported> remaining,
        List<Integer> planNodes,
        Optional<ProvenWay> way,
        boolean restores) {

    public Rewrite {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(findingNode);
        operators = List.copyOf(operators);
        remaining = List.copyOf(remaining);
        planNodes = List.copyOf(planNodes);
        Objects.requireNonNull(way);
    }

    /** A rewrite of a statement that restores nothing, or one that keeps what it restores ({@link #restores()}). */
    public Rewrite(
            String ruleId, String findingNode, String family, String sql, String statement, List<String> operators,
            String columns, String changes, String chosen, Optional<String> view, List<StillReported> remaining,
            List<Integer> planNodes, Optional<ProvenWay> way) {
        this(ruleId, findingNode, family, sql, statement, operators, columns, changes, chosen, view, remaining, planNodes,
                way, true);
    }

    /** A rewrite that proves no way of its finding's fix ({@link #way()}). */
    public Rewrite(
            String ruleId, String findingNode, String family, String sql, String statement, List<String> operators,
            String columns, String changes, String chosen, Optional<String> view, List<StillReported> remaining,
            List<Integer> planNodes) {
        this(ruleId, findingNode, family, sql, statement, operators, columns, changes, chosen, view, remaining, planNodes,
                Optional.empty());
    }

    /** A rewrite that names no plan node (its finding is about none). */
    public Rewrite(
            String ruleId, String findingNode, String family, String sql, String statement, List<String> operators,
            String columns, String changes, String chosen, Optional<String> view, List<StillReported> remaining) {
        this(ruleId, findingNode, family, sql, statement, operators, columns, changes, chosen, view, remaining, List.of());
    }

    /**
     * True when this rewrite answers {@code finding}: the same rule, and the finding's plan node among
     * the nodes this rewrite changes; for a finding about no plan node, the same node text.
     */
    public boolean answers(Finding finding) {
        if (!ruleId.equals(finding.ruleId())) {
            return false;
        }
        if (finding.planNode().isPresent() || !planNodes.isEmpty()) {
            return finding.planNode().map(planNodes::contains).orElse(false);
        }
        return findingNode.equals(finding.node());
    }

    /** This rewrite as the answer to {@code finding}: its rule, node text and plan node. */
    public Rewrite forFinding(Finding finding, String family) {
        return new Rewrite(finding.ruleId(), finding.node(), family, sql, statement, operators, columns, changes, chosen,
                view, remaining, finding.planNode().map(List::of).orElse(List.of()), way, restores);
    }

    /** Hex SHA-256 of {@link #sql()}, as the audit records it. */
    public String sha256() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(sql.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    /**
     * This rewrite as it may be shown: its SQL with every secret masked ({@link Redactor#maskSql}: by
     * the parsed literals of each statement, as the audit masks the user's statement), and its other
     * texts as free text ({@link Redactor#maskSecrets}). A rewrite repeats the user's statement, so an
     * {@code OPTIONS} hint's password or a view's {@code 'url'} with {@code password=} would be
     * repeated too: every text the guard writes of a rewrite (a refusal, an {@code EXPLAIN}, an
     * advisory, lint's reports) is of this form; only lint's fix written into the linted file itself
     * is not ({@code lint --fix}).
     */
    public Rewrite shown() {
        return new Rewrite(ruleId, findingNode, family, Redactor.maskSql(sql), Redactor.maskSql(statement), operators,
                Redactor.maskSecrets(columns), Redactor.maskSecrets(changes), Redactor.maskSecrets(chosen), view,
                remaining, planNodes, way, restores);
    }

    /** True when this rewrite's SQL carries a secret, which {@link #shown()} masks. */
    public boolean carriesSecret() {
        return !Redactor.maskSql(sql).equals(sql);
    }

    /**
     * Text for an error message, an advisory or EXPLAIN's section, indented under its finding; its
     * secrets masked ({@link #shown()}).
     */
    public String describe() {
        return shown().describeAsIs(List.of());
    }

    /**
     * {@link #describe()} for a rewrite that answers {@code others} too, findings shown after this one ({@link
     * RewritesShownOnce#name}), which its header names: {@code rewrite (session-state-ttl, proven in this session; it
     * answers stateful-without-ttl on Sink[2] too):}.
     */
    public String describe(List<String> others) {
        return shown().describeAsIs(others);
    }

    /**
     * This rewrite under a further finding it answers, when {@link #describe()} wrote it out already
     * under {@code shownUnder} (a rule id and node): one line that names it, not its statements again.
     */
    public String describeAgain(String shownUnder) {
        return "  rewrite (" + family + ", proven in this session): the same statements as the rewrite shown above under "
                + Redactor.maskSecrets(shownUnder) + "\n";
    }

    private String describeAsIs(List<String> others) {
        StringBuilder out = new StringBuilder();
        out.append("  rewrite (").append(family).append(", proven in this session");
        view.ifPresent(v -> out.append("; rewrites the view ").append(v));
        if (!others.isEmpty()) {
            out.append("; it answers ").append(Redactor.maskSecrets(String.join(", ", others))).append(" too");
        }
        out.append("):\n");
        sql.lines().forEach(line -> out.append("    ").append(line).append('\n'));
        out.append("    changes: ").append(changes).append('\n');
        if (!chosen.isEmpty()) {
            out.append("    chosen: ").append(chosen).append('\n');
        }
        out.append("    columns: ").append(columns);
        if (!operators.isEmpty()) {
            out.append("; plan: ").append(String.join(", ", operators));
        }
        out.append('\n');
        if (!remaining.isEmpty()) {
            out.append("    still reported: ").append(String.join(", ", StillReported.printed(remaining))).append('\n');
        }
        return out.toString();
    }
}

package io.github.sqlguard.compare;

import io.github.sqlguard.lint.LintReport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The output formats of {@code sql-guard.sh compare}. */
public enum CompareFormat {

    /** For people: one block per statement that differs, what differs, and why. */
    TEXT {
        @Override
        void write(ReportComparison c, PrintWriter out) {
            String from = c.before().flinkVersion();
            String to = c.after().flinkVersion();
            out.printf("Compared %s (Flink %s) with %s (Flink %s): %d of %d statements differ%s%n",
                    c.before().name(), from, c.after().name(), to, c.differences().size(), c.statements(),
                    c.differences().isEmpty() ? "." : ", in " + c.files().size() + " file(s):");
            for (StatementDiff d : c.differences()) {
                out.printf("%n%s:%d: %s%n", d.file(), d.line(), d.kind());
                if (d.before().isEmpty() || d.after().isEmpty()) {
                    out.printf("  only in %s%n", d.before().isEmpty() ? c.after().name() : c.before().name());
                    continue;
                }
                out.printf("  verdict: %s -> %s%n", verdict(d, true), verdict(d, false));
                if (d.restoreChanged()) {
                    out.printf("  restore: %s -> %s%n", d.restoreBefore(), d.restoreAfter());
                }
                if (d.refusalChanged()) {
                    out.printf("  refused by Flink: %s -> %s%n", refusal(d.refusalBefore()), refusal(d.refusalAfter()));
                }
                if (d.operatorsChanged()) {
                    out.printf("  stateful operators: %s -> %s%n", operators(d.operatorsBefore()), operators(d.operatorsAfter()));
                }
                if (d.ttlsChanged()) {
                    out.printf("  state TTL: %s -> %s%n", list(d.ttlsBefore()), list(d.ttlsAfter()));
                }
                for (StatementDiff.RuleChange r : d.rulesRemoved()) {
                    out.printf("  - %s (%s, Flink %s): %s%n", r.rule(), r.level(), from, firstLine(r.message()));
                }
                for (StatementDiff.RuleChange r : d.rulesAdded()) {
                    out.printf("  + %s (%s, Flink %s): %s%n", r.rule(), r.level(), to, firstLine(r.message()));
                }
            }
        }
    },

    /**
     * For tools: {@code before} and {@code after} (each {@code report}, {@code flinkVersion}), {@code
     * statements} compared, and {@code differences}: each {@code file}, {@code line}, {@code kind},
     * and {@code before}/{@code after} objects ({@code null} for a side without the statement) with
     * {@code verdict}, {@code rules}, {@code flinkRefusal}, {@code statefulOperators}, {@code
     * operatorStateTtl}; {@code rulesAdded} and {@code rulesRemoved} with each rule's {@code level}
     * and {@code message}, the reason; and {@code changed}, the aspects that differ ({@code verdict},
     * {@code rules}, {@code flinkRefusal}, {@code statefulOperators}, {@code operatorStateTtl},
     * {@code restore}, {@code presence}); each side's {@code restore} is the class of the statement's
     * restore in that report ({@code lint --since}, {@code --restores-from}), or null.
     */
    JSON {
        @Override
        void write(ReportComparison c, PrintWriter out) {
            ObjectNode root = MAPPER.createObjectNode();
            root.putObject("before").put("report", c.before().name()).put("flinkVersion", c.before().flinkVersion());
            root.putObject("after").put("report", c.after().name()).put("flinkVersion", c.after().flinkVersion());
            root.put("statements", c.statements());
            ArrayNode differences = root.putArray("differences");
            for (StatementDiff d : c.differences()) {
                ObjectNode n = differences.addObject().put("file", d.file()).put("line", d.line()).put("kind", d.kind());
                ArrayNode changed = n.putArray("changed");
                if (d.before().isEmpty() || d.after().isEmpty()) {
                    changed.add("presence");
                }
                if (d.before().isPresent() && d.after().isPresent()) {
                    if (d.verdictChanged()) {
                        changed.add("verdict");
                    }
                    if (!d.rulesAdded().isEmpty() || !d.rulesRemoved().isEmpty()) {
                        changed.add("rules");
                    }
                    if (d.refusalChanged()) {
                        changed.add("flinkRefusal");
                    }
                    if (d.operatorsChanged()) {
                        changed.add("statefulOperators");
                    }
                    if (d.ttlsChanged()) {
                        changed.add("operatorStateTtl");
                    }
                    if (d.restoreChanged()) {
                        changed.add("restore");
                    }
                }
                side(n, "before", d, true);
                side(n, "after", d, false);
                rules(n.putArray("rulesRemoved"), d.rulesRemoved());
                rules(n.putArray("rulesAdded"), d.rulesAdded());
            }
            try {
                out.println(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
    },

    /** For a pull request comment: a summary line and a table of the statements that differ, with the reasons. */
    MARKDOWN {
        @Override
        void write(ReportComparison c, PrintWriter out) {
            String from = c.before().flinkVersion();
            String to = c.after().flinkVersion();
            out.printf("### Flink SQL Guard: Flink %s → %s%n%n", from, to);
            out.printf("%d of %d statements plan differently%s%n", c.differences().size(), c.statements(),
                    c.differences().isEmpty() ? "." : ", in " + c.files().size() + " file(s).");
            if (c.differences().isEmpty()) {
                return;
            }
            out.printf("%n| Statement | Flink %s | Flink %s | What differs, and why |%n", from, to);
            out.println("|---|---|---|---|");
            for (StatementDiff d : c.differences()) {
                StringBuilder why = new StringBuilder();
                if (d.before().isEmpty() || d.after().isEmpty()) {
                    why.append("only in ").append(d.before().isEmpty() ? c.after().name() : c.before().name());
                }
                if (d.refusalChanged()) {
                    item(why, (d.refusalBefore().isPresent() ? "Flink " + from : "Flink " + to) + " refuses it: "
                            + firstLine(d.refusalBefore().or(d::refusalAfter).orElse("")));
                }
                if (d.operatorsChanged()) {
                    item(why, "stateful operators " + operators(d.operatorsBefore()) + " → " + operators(d.operatorsAfter()));
                }
                if (d.ttlsChanged()) {
                    item(why, "state TTL " + list(d.ttlsBefore()) + " → " + list(d.ttlsAfter()));
                }
                if (d.restoreChanged()) {
                    item(why, "restore: " + d.restoreBefore() + " → " + d.restoreAfter());
                }
                for (StatementDiff.RuleChange r : d.rulesRemoved()) {
                    item(why, "−`" + r.rule() + "`: " + firstLine(r.message()));
                }
                for (StatementDiff.RuleChange r : d.rulesAdded()) {
                    item(why, "+`" + r.rule() + "`: " + firstLine(r.message()));
                }
                out.printf("| `%s:%d` %s | %s | %s | %s |%n", cell(d.file()), d.line(), d.kind(), cell(verdict(d, true)),
                        cell(verdict(d, false)), cell(why.toString()));
            }
        }
    };

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Writes {@code comparison}. */
    abstract void write(ReportComparison comparison, PrintWriter out);

    /** {@code BLOCK over-order-non-time}: the verdict and rule ids of one side. */
    private static String verdict(StatementDiff d, boolean before) {
        String verdict = before ? d.verdictBefore() : d.verdictAfter();
        List<String> rules = (before ? d.before() : d.after()).map(s -> s.rules().stream().distinct().toList()).orElse(List.of());
        return rules.isEmpty() ? verdict : verdict + " " + String.join(" ", rules);
    }

    private static String refusal(Optional<String> refusal) {
        return refusal.map(r -> "yes: " + firstLine(r)).orElse("no");
    }

    private static String operators(Map<String, Integer> operators) {
        return operators.isEmpty()
                ? "none"
                : operators.entrySet().stream().map(e -> e.getKey() + (e.getValue() == 1 ? "" : " x" + e.getValue()))
                        .collect(Collectors.joining(", "));
    }

    private static String list(List<String> items) {
        return items.isEmpty() ? "none" : String.join(", ", items);
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("").strip();
    }

    private static void item(StringBuilder out, String text) {
        if (out.length() > 0) {
            out.append("<br>");
        }
        out.append(text);
    }

    /** A Markdown table cell: pipes escaped, no line breaks. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }

    private static void side(ObjectNode n, String name, StatementDiff d, boolean before) {
        Optional<LintReport.Statement> side = before ? d.before() : d.after();
        if (side.isEmpty()) {
            n.putNull(name);
            return;
        }
        ObjectNode s = n.putObject(name).put("line", side.get().line()).put("verdict", side.get().verdict());
        ArrayNode rules = s.putArray("rules");
        side.get().rules().stream().distinct().forEach(rules::add);
        s.put("flinkRefusal", side.get().flinkRefusal().orElse(null));
        s.put("restore", side.get().restore().orElse(null));
        ObjectNode operators = s.putObject("statefulOperators");
        (before ? d.operatorsBefore() : d.operatorsAfter()).forEach(operators::put);
        ArrayNode ttls = s.putArray("operatorStateTtl");
        for (LintReport.StateTtl t : side.get().operatorStateTtl()) {
            ttls.addObject().put("operator", t.operator()).put("state", t.state()).put("ttlMs", t.ttlMs()).put("source", t.source());
        }
    }

    private static void rules(ArrayNode out, List<StatementDiff.RuleChange> rules) {
        for (StatementDiff.RuleChange r : rules) {
            out.addObject().put("rule", r.rule()).put("level", r.level()).put("message", r.message());
        }
    }
}

package io.github.sqlguard.lint;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.ScriptSplitter;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Places a finding in its script: the file's line and column, never a line within the statement.
 *
 * <ul>
 *   <li>a parser error at the parser's position (Flink numbers it within the statement text);
 *   <li>a validation error ({@code From line L, column C to ...}) at that position of the query the
 *       guard planned, which is the statement without a leading {@code EXECUTE};
 *   <li>a finding about a {@code STATE_TTL} hint or a {@code WITH}/{@code OPTIONS} option at that
 *       option, and the {@code line N} its node names becomes the file's line, in the reason too;
 *   <li>anything else at the statement's first code character.
 * </ul>
 *
 * <p>Flink's own messages quoted in a finding are left as Flink wrote them; where Flink's position
 * differs from the file's, the reason adds both, labelled ({@code Flink's position is within the
 * statement: line 3, column 3; in the file: line 4, column 3.}).
 */
final class Locations {

    private static final Pattern PARSER_POSITION = Pattern.compile("at line (\\d+), column (\\d+)");
    private static final Pattern VALIDATION_POSITION = Pattern.compile("From line (\\d+), column (\\d+) to line");
    /** How {@code WrittenTtl} and {@code TtlHintIgnoredRule} name a hint: {@code STATE_TTL('k' = 'v') at line N}. */
    private static final Pattern HINT_NODE = Pattern.compile("^STATE_TTL\\('(.*)' = '(.*)'\\) at line (\\d+)");
    /** How {@code TtlNotATableOptionRule} names an option: {@code 'k' = 'v' (WITH, line N)}. */
    private static final Pattern OPTION_NODE = Pattern.compile("^'(.*)' = '(.*)' \\((.+), line (\\d+)\\)");

    private Locations() {}

    /** {@code finding} of {@code statement} (parsed as {@code parsed}) at its place in the file. */
    static LintFinding locate(ScriptSplitter.Statement statement, ParsedStatement parsed, Finding finding) {
        String said = finding.reason() + "\n" + finding.node();
        Matcher parse = PARSER_POSITION.matcher(said);
        if (said.contains("SQL parse failed") && parse.find()) {
            int line = Integer.parseInt(parse.group(1));
            int column = Integer.parseInt(parse.group(2));
            int[] at = statement.scriptPosition(line, column);
            return new LintFinding(at[0], at[1], labelled(finding, "the statement", line, column, at));
        }
        Matcher validation = VALIDATION_POSITION.matcher(said);
        if (validation.find()) {
            int line = Integer.parseInt(validation.group(1));
            int column = Integer.parseInt(validation.group(2));
            Optional<int[]> at = inPlannedQuery(statement, parsed, line, column);
            if (at.isPresent()) {
                return new LintFinding(at.get()[0], at.get()[1],
                        labelled(finding, "the query it planned", line, column, at.get()));
            }
        }
        Matcher hint = HINT_NODE.matcher(finding.node());
        if (hint.find()) {
            Optional<SqlOption> option = find(parsed.stateTtlHints(), hint.group(1), hint.group(2), null, hint.group(3));
            if (option.isPresent()) {
                return at(statement, option.get(), finding, hint.start(3), hint.end(3));
            }
        }
        Matcher with = OPTION_NODE.matcher(finding.node());
        if (with.find()) {
            Optional<SqlOption> option =
                    find(parsed.tableOptions(), with.group(1), with.group(2), with.group(3), with.group(4));
            if (option.isPresent()) {
                SqlOption o = option.get();
                // Flink's parser places a WITH option at its value; the key is where a reader looks.
                String line = statement.text().lines().skip(o.line() - 1).findFirst().orElse("");
                int key = line.lastIndexOf("'" + o.key() + "'", Math.max(0, o.column() - 1));
                SqlOption atKey = key < 0 ? o : new SqlOption(o.key(), o.value(), o.source(), o.line(), key + 1);
                return at(statement, atKey, finding, with.start(4), with.end(4));
            }
        }
        return new LintFinding(statement.line(), statement.column(), finding);
    }

    /**
     * {@code finding} with both positions, labelled, after Flink's words: Flink numbers lines within
     * the text it was given ({@code within}), which starts after the previous statement's semicolon
     * and so counts the comment lines before the statement; the file's line is where lint reports it.
     */
    private static Finding labelled(Finding finding, String within, int line, int column, int[] inFile) {
        if (line == inFile[0] && column == inFile[1]) {
            return finding;
        }
        String reason = finding.reason() + " (Flink's position is within " + within + ": line " + line + ", column "
                + column + "; in the file: line " + inFile[0] + ", column " + inFile[1] + ".)";
        return new Finding(finding.ruleId(), finding.level(), reason, finding.node(), finding.excerpt(), finding.fix(),
                finding.docLink(), finding.planNode(), finding.facts());
    }

    private static Optional<SqlOption> find(List<SqlOption> options, String key, String value, String source, String line) {
        return options.stream()
                .filter(o -> o.key().equals(key) && o.value().equals(value) && String.valueOf(o.line()).equals(line)
                        && (source == null || o.source().equals(source)))
                .findFirst();
    }

    /**
     * The finding at {@code option}, its node's statement line (characters {@code from..to}) made the file's, in
     * the node and wherever the reason quotes the node.
     */
    private static LintFinding at(ScriptSplitter.Statement statement, SqlOption option, Finding finding, int from, int to) {
        int[] at = statement.scriptPosition(option.line(), option.column());
        String node = finding.node().substring(0, from) + at[0] + finding.node().substring(to);
        // A reason that names the node (ttl-too-short's "from STATE_TTL(...) at line N") names it as the file does.
        String reason = quotingNode(finding.reason(), finding.node(), node);
        Finding moved = new Finding(finding.ruleId(), finding.level(), reason, node, finding.excerpt(),
                finding.fix(), finding.docLink(), finding.planNode(), finding.facts());
        return new LintFinding(at[0], at[1], moved);
    }

    /**
     * {@code reason} with each quote of {@code node} written as {@code moved}: only whole quotes, so a reason
     * naming the same hint at line 2 and another at line 21 renumbers the first alone.
     */
    static String quotingNode(String reason, String node, String moved) {
        return Pattern.compile(Pattern.quote(node) + "(?!\\d)").matcher(reason)
                .replaceAll(Matcher.quoteReplacement(moved));
    }

    /**
     * The file position of line/column {@code (line, column)} of the query the guard planned ({@link
     * ParsedStatement#plannedBody()}), when that query is part of the statement's text as written.
     */
    private static Optional<int[]> inPlannedQuery(
            ScriptSplitter.Statement statement, ParsedStatement parsed, int line, int column) {
        String text = statement.text();
        String body = parsed.plannedBody().orElse(null);
        int bodyOffset = body == null ? -1 : text.indexOf(body);
        if (bodyOffset < 0) {
            return Optional.empty();
        }
        int offset = offsetOf(body, line, column);
        if (offset < 0) {
            return Optional.empty();
        }
        int[] inText = lineAndColumn(text, bodyOffset + offset);
        return Optional.of(statement.scriptPosition(inText[0], inText[1]));
    }

    /** The 0-based offset of a 1-based line and column in {@code text}, or -1 when outside it. */
    private static int offsetOf(String text, int line, int column) {
        int offset = 0;
        for (int l = 1; l < line; l++) {
            int nl = text.indexOf('\n', offset);
            if (nl < 0) {
                return -1;
            }
            offset = nl + 1;
        }
        offset += Math.max(column, 1) - 1;
        return offset < text.length() ? offset : -1;
    }

    /** 1-based line and column of {@code offset} in {@code text}. */
    private static int[] lineAndColumn(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }
}

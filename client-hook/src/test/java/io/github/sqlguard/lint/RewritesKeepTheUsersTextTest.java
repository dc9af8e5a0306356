package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.SqlScript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every rewrite pinned by a golden file ({@link RewriteGoldenFilesTest}) keeps the user's text where it does not
 * change it (issue 30: "splice only what changes"): its statement, and each view definition it writes anew, read
 * against the case's own statement (the script's last, or the script's {@code CREATE VIEW} of that name) token by
 * token. Where two tokens the user wrote next to each other are still next to each other in the rewrite, what stands
 * between them (white space, line breaks) is the user's, and each token is as the user wrote it (its case); every
 * comment the user wrote is still there. A statement reprinted from its tree (on Calcite's lines, {@code JOIN}
 * written {@code INNER JOIN}, {@code LIMIT} written {@code FETCH NEXT}, comments gone) fails this. Reads files only.
 */
class RewritesKeepTheUsersTextTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    private static final Path LINT_CASES = Path.of("src/test/resources/lint-cases");

    /** Comments (hints among them), quoted strings and names, words, numbers, and any other character, as tokens. */
    private static final Pattern TOKEN = Pattern.compile(
            "--[^\\n]*|(?s:/\\*.*?\\*/)|'(?:[^']|'')*'|`(?:[^`]|``)*`|\"(?:[^\"]|\"\")*\"|[A-Za-z_$][A-Za-z0-9_$]*"
                    + "|\\d+(?:\\.\\d+)?|<>|<=|>=|!=|\\|\\||\\S");

    private static final Pattern CREATE_VIEW =
            Pattern.compile("(?i)^\\s*CREATE\\s+(?:TEMPORARY\\s+)?VIEW\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?([^\\s(]+)");

    @Test
    void everyGoldenRewriteKeepsTheUsersTextWhereItDoesNotChangeIt() throws IOException {
        Map<String, List<String>> reprinted = new TreeMap<>();
        int read = 0;
        try (Stream<Path> files = Files.list(GOLDEN)) {
            for (Path golden : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                String name = golden.getFileName().toString().replaceFirst("(-flink-1\\.20)?\\.json$", "");
                List<String> script = statements(name);
                for (JsonNode finding : JSON.readTree(golden.toFile()).path("findings")) {
                    JsonNode rewrite = finding.path("rewrite");
                    if (rewrite.isMissingNode()) {
                        continue;
                    }
                    String family = rewrite.path("family").asText();
                    String where = golden.getFileName() + " (" + family + ")";
                    if (cutsWhatItWritesAgain(family, script.get(script.size() - 1))) {
                        continue;
                    }
                    check(where, script.get(script.size() - 1), rewrite.path("statement").asText(), reprinted);
                    for (ScriptSplitter.Statement written : ScriptSplitter.split(rewrite.path("sql").asText())) {
                        viewName(written.text()).flatMap(view -> definition(script, view))
                                .ifPresent(definition -> check(where, definition, written.text(), reprinted));
                    }
                    read++;
                }
            }
        }
        assertThat(read).isGreaterThan(100);
        assertThat(reprinted).as("rewrites that do not keep the user's text").isEmpty();
    }

    /**
     * A rewrite this check cannot read: {@code window-top-n} of a {@code LATERAL (... ORDER BY ... LIMIT n)} Top-N
     * ({@code LateralTopN}) cuts the left side that listed the keys ({@code (SELECT DISTINCT shop FROM counts) s,}),
     * the key equality and the {@code ORDER BY sold DESC LIMIT 3}, and writes the same words anew in the ranking it
     * adds ({@code ROW_NUMBER() OVER (PARTITION BY window_start, window_end, shop ORDER BY sold DESC)}), so the token
     * alignment pairs the cut words with the new ones and reports spaces that no longer stand between the same two
     * tokens. Its block is spliced (the subquery's lines kept where they stand, {@code SplicerTest}, {@code
     * LateralTopNTest}; goldens 403, 428, 429, 439, 442, 461 read by hand, round 60). Every other family is checked.
     */
    private static boolean cutsWhatItWritesAgain(String family, String original) {
        return family.equals("window-top-n") && LATERAL.matcher(original).find();
    }

    private static final Pattern LATERAL = Pattern.compile("(?i)\\bLATERAL\\b");

    /** Records where {@code rewritten} does not keep the text of {@code original} around the tokens it keeps. */
    private static void check(String where, String original, String rewritten, Map<String, List<String>> out) {
        List<Token> a = tokens(original.strip());
        List<Token> b = tokens(rewritten.strip());
        // The alignment that keeps most: a token kept counts 1, and 1 more where the space before it is kept too, so
        // that of two alike tokens the one in the user's place is taken (the ')' that closes a subquery, not the
        // ')' of a function call the rewrite wrote beside it).
        int[][] common = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                common[i][j] = Math.max(Math.max(common[i + 1][j], common[i][j + 1]), kept(a, b, i, j, common));
            }
        }
        List<String> found = new ArrayList<>();
        int i = 0;
        int j = 0;
        int lastI = -2;
        int lastJ = -2;
        while (i < a.size() && j < b.size()) {
            if (common[i][j] == kept(a, b, i, j, common)) {
                if (!a.get(i).text().equals(b.get(j).text())) {
                    found.add("'" + a.get(i).text() + "' written '" + b.get(j).text() + "'");
                }
                if (lastI == i - 1 && lastJ == j - 1 && !a.get(i).before().equals(b.get(j).before())) {
                    found.add("between '" + a.get(i - 1).text() + "' and '" + a.get(i).text() + "': "
                            + quoted(a.get(i).before()) + " written " + quoted(b.get(j).before()));
                }
                lastI = i++;
                lastJ = j++;
            } else if (common[i + 1][j] >= common[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        for (Token token : a) {
            if (token.comment() && b.stream().noneMatch(t -> t.text().equals(token.text()))) {
                found.add("comment dropped: " + token.text());
            }
        }
        if (!found.isEmpty()) {
            out.computeIfAbsent(where, k -> new ArrayList<>()).addAll(found);
        }
    }

    /** What keeping token {@code a[i]} as {@code b[j]} counts, with the best alignment after them; -1 where they differ. */
    private static int kept(List<Token> a, List<Token> b, int i, int j, int[][] common) {
        if (!a.get(i).alike(b.get(j))) {
            return -1;
        }
        return common[i + 1][j + 1] + (a.get(i).before().equals(b.get(j).before()) ? 2 : 1);
    }

    /** A token, and the white space before it. */
    private record Token(String text, String before) {

        boolean alike(Token other) {
            return text.toLowerCase(Locale.ROOT).equals(other.text.toLowerCase(Locale.ROOT));
        }

        boolean comment() {
            return text.startsWith("--") || (text.startsWith("/*") && !text.startsWith("/*+"));
        }
    }

    private static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int end = 0;
        while (m.find()) {
            out.add(new Token(m.group(), text.substring(end, m.start())));
            end = m.end();
        }
        return out;
    }

    private static String quoted(String space) {
        return "\"" + space.replace("\n", "\\n") + "\"";
    }

    /** The statements of the case {@code name}'s script (a lint case's where the name starts with {@code lint-}). */
    private static List<String> statements(String name) throws IOException {
        Path file = name.startsWith("lint-") ? LINT_CASES.resolve(name.substring("lint-".length()) + ".sql")
                : CaseCorpus.ownDir().resolve(name + ".sql");
        return ScriptSplitter.split(SqlScript.withoutHeader(Files.readString(file))).stream()
                .map(ScriptSplitter.Statement::text).toList();
    }

    private static Optional<String> viewName(String statement) {
        Matcher m = CREATE_VIEW.matcher(statement);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The script's last {@code CREATE VIEW} of {@code view}. */
    private static Optional<String> definition(List<String> script, String view) {
        Optional<String> found = Optional.empty();
        for (String statement : script) {
            if (viewName(statement).filter(view::equalsIgnoreCase).isPresent()) {
                found = Optional.of(statement);
            }
        }
        return found;
    }
}

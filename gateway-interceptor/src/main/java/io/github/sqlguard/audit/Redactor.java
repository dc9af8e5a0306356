package io.github.sqlguard.audit;

import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.ScriptSplitter;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.GlobalConfiguration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes secrets from statement text before it is audited: the values of {@code WITH}/{@code
 * OPTIONS} options and of SET statements whose key names a password, secret, token, JAAS config or
 * key material. Option values found by Flink's parser are replaced wherever they occur; such a
 * SET keeps its text up to the {@code =} only, quoted or not; a {@code 'key' = 'value'} pattern is
 * also replaced, which covers statements the parser rejected.
 */
public final class Redactor {

    private final StatementParser parser;

    public Redactor() {
        this(new StatementParser());
    }

    private Redactor(StatementParser parser) {
        this.parser = parser;
    }

    /** What a redacted value is replaced with. */
    public static final String MASK = "'****'";

    /** A redacted configuration value, as session configuration responses show it. */
    public static final String MASK_TEXT = "****";

    private static final String[] SENSITIVE = {
        "password", "passwd", "secret", "token", "jaas", "credential", "private-key", "private.key",
        "access-key", "access.key", "accesskey", "api-key", "apikey", "keystore", "ssl.key", "signature",
        "basic.auth", "user.info", "userinfo"
    };

    /**
     * A secret inside a value whose key names none: a parameter such as {@code password=...} of a
     * URL or connection string, or the {@code user:password@} of a URL.
     */
    private static final Pattern SECRET_IN_VALUE =
            Pattern.compile("(?i)(?:pass(?:word|wd)?|pwd|secret|token|api[-_.]?key|access[-_.]?key|credentials?|"
                    + "private[-_.]?key|sig(?:nature)?)\\s*+[=:]|://[^/@:\\s]*+:[^/@\\s]*+@");

    /** What a statement's record shows when a secret of it cannot be found in its text to be masked. */
    static final String WITHHELD =
            "[statement not recorded: it carries a secret value the guard could not find in its text to mask]";

    /** {@code 'key' = 'value'} with {@code ''} escapes; possessive loops, so no recursion on long text. */
    private static final Pattern PAIR =
            Pattern.compile("('[^']*+(?:''[^']*+)*+'\\s*+=\\s*+)'([^']*+(?:''[^']*+)*+)'");

    /**
     * True when {@code key} names a secret: by this list, or by Flink's own ({@link
     * GlobalConfiguration#isSensitive}, which Flink uses to hide values in its logs and web UI and
     * which also names {@code auth-params}, {@code service-key}, {@code basic-auth}, {@code
     * http-headers} and {@code fs.azure.account.key}).
     */
    public static boolean isSensitive(String key) {
        if (key == null) {
            return false;
        }
        if (GlobalConfiguration.isSensitive(key)) {
            return true;
        }
        String k = key.toLowerCase(Locale.ROOT);
        for (String s : SENSITIVE) {
            if (k.contains(s)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code value} carries a secret whatever its key: {@code ...?password=...}, {@code user:pw@host}. */
    static boolean hasSecretInside(String value) {
        return value != null && SECRET_IN_VALUE.matcher(value).find();
    }

    /**
     * The text of {@code what} with secret values masked: a statement by its parsed literals; a
     * script statement by statement, each as Flink's parser reads it; anything else by its {@code
     * 'key' = 'value'} pairs.
     */
    public String redact(What what) {
        if (what instanceof What.OfStatement s) {
            return redact(s.statement());
        }
        if (What.SCRIPT.equals(what.kind())) {
            return redactScript(what.text());
        }
        return redactPairs(what.text());
    }

    /** A script with each statement redacted as Flink's parser reads it, the text between them kept. */
    private String redactScript(String script) {
        StringBuilder out = new StringBuilder();
        int done = 0;
        for (ScriptSplitter.Statement piece : ScriptSplitter.split(script)) {
            int start = script.indexOf(piece.text(), done);
            if (start < 0) {
                return WITHHELD;
            }
            out.append(redactPairs(script.substring(done, start)));
            String redacted = redact(parser.parse(piece.text()));
            if (redacted.equals(WITHHELD)) {
                return WITHHELD;
            }
            out.append(redacted);
            done = start + piece.text().length();
        }
        return out.append(redactPairs(script.substring(done))).toString();
    }

    /**
     * The statement text with secret values masked. The value of a {@code WITH} option whose key
     * names a secret, or whose value carries one ({@link #hasSecretInside}), is masked where Flink's
     * parser found its literal, whatever form it is written in ({@code U&'...'}, parts continued on
     * later lines, {@code ''} escapes); where that place is not known, as written; a value found
     * neither way withholds the whole text ({@link #WITHHELD}). So is any other string literal of
     * the statement whose value carries a secret ({@code ParsedSql#stringLiterals}: a {@code
     * WHERE} comparison with {@code '...?password=...'}), which a finding quoting it shows masked.
     * Last, the text is masked as any free text the guard writes ({@link #maskSecrets}), so that the
     * audit keeps no more than a refusal quoting the statement shows: a literal no parser of the
     * guard reports as one ({@code ADD JAR '...'}, Flink's extended parser; a {@code COMPILE PLAN}
     * file; a {@code USING JAR}), a comment ({@code -- password=...}) and a quoted identifier
     * ({@code `password=...`}) that carry a secret by its shape (round 42).
     */
    public String redact(ParsedStatement statement) {
        String text = statement.text();
        List<int[]> spans = new ArrayList<>();
        List<String> literals = new ArrayList<>();
        for (SqlOption option : statement.tableOptions()) {
            if (option.value() == null || option.value().isEmpty()
                    || !(isSensitive(option.key()) || hasSecretInside(option.value()))) {
                continue;
            }
            Optional<int[]> span = option.valueSpan().flatMap(s -> literalAt(statement.text(), s));
            if (span.isPresent()) {
                spans.add(span.get());
            } else {
                String literal = "'" + option.value().replace("'", "''") + "'";
                if (!text.contains(literal)) {
                    return WITHHELD;
                }
                literals.add(literal);
            }
        }
        // Any other string literal that carries a secret by its shape (a WHERE comparison with '...?password=...'),
        // as a finding's or a rewrite's text masks it (maskSecrets): the audit keeps no more than the answers show.
        for (SqlOption literal : statement.stringLiterals()) {
            if (literal.value() == null || !hasSecretInside(literal.value())) {
                continue;
            }
            Optional<int[]> span = literal.valueSpan().flatMap(s -> literalAt(statement.text(), s));
            if (span.isEmpty()) {
                return WITHHELD;
            }
            spans.add(span.get());
        }
        spans.sort((a, b) -> Integer.compare(b[0], a[0]));
        int previousStart = Integer.MAX_VALUE;
        for (int[] span : spans) {
            if (span[1] > previousStart) {
                continue; // overlaps one already masked
            }
            text = text.substring(0, span[0]) + MASK + text.substring(span[1]);
            previousStart = span[0];
        }
        for (String literal : literals) {
            text = text.replace(literal, MASK);
        }
        String key = statement.setKey();
        String value = statement.setValue();
        if (key != null && (isSensitive(key) || hasSecretInside(value)) && value != null && !value.isEmpty()) {
            // Everything after the '=': the value may be quoted, unquoted (Flink's extended parser
            // reads SET key = value), or quoted in a way the value alone does not show.
            int equals = text.indexOf('=');
            text = equals < 0
                    ? text.replace("'" + value.replace("'", "''") + "'", MASK)
                    : text.substring(0, equals + 1) + " " + MASK;
        }
        return maskSecrets(text);
    }

    /**
     * The character range {@code [start, end)} of {@code span} in {@code text}, when it is a string
     * literal there (it begins with {@code '} or {@code U&'} and ends with {@code '}); empty when the
     * parser's lines and columns do not lead to one.
     */
    static Optional<int[]> literalAt(String text, ParsedStatement.Span span) {
        int start = offset(text, span.line(), span.column());
        int last = offset(text, span.endLine(), span.endColumn());
        if (start < 0 || last < start || last >= text.length()) {
            return Optional.empty();
        }
        String literal = text.substring(start, last + 1);
        boolean opens = literal.startsWith("'") || literal.regionMatches(true, 0, "U&'", 0, 3);
        return opens && literal.endsWith("'") && literal.length() >= 2
                ? Optional.of(new int[] {start, last + 1})
                : Optional.empty();
    }

    /** The offset of a 1-based line and column (lines end at {@code \n}), or -1. */
    private static int offset(String text, int line, int column) {
        int offset = 0;
        for (int l = 1; l < line; l++) {
            int newline = text.indexOf('\n', offset);
            if (newline < 0) {
                return -1;
            }
            offset = newline + 1;
        }
        int at = offset + column - 1;
        return column >= 1 && at < text.length() ? at : -1;
    }

    /**
     * {@code text} with the value of every {@code 'key' = 'value'} pair whose key names a secret, or
     * whose value carries one, masked.
     */
    private static String redactPairs(String text) {
        Matcher m = PAIR.matcher(text);
        StringBuilder out = null;
        int copied = 0;
        while (m.find()) {
            String keyPart = m.group(1);
            if (isSensitive(keyPart) || hasSecretInside(m.group(2))) {
                if (out == null) {
                    out = new StringBuilder(text.length());
                }
                out.append(text, copied, m.start()).append(keyPart).append(MASK);
                copied = m.end();
            }
        }
        // Nothing masked (a cheap statement, as a rule): the text itself, not a copy of it.
        return out == null ? text : out.append(text, copied, text.length()).toString();
    }

    /**
     * A single-quoted literal of free text, with {@code ''} escapes. An apostrophe with a letter or
     * digit before it does not open one: it belongs to a word of the sentence ("the savepoint's
     * metadata", "does not"), and a literal opened there would run to the next quote of the
     * sentence and mask the words between (round 41: "the savepoint'****'execution.state-recovery.path'").
     * A literal the guard writes stands after a space, {@code (}, {@code =}, {@code ,} or {@code U&}.
     */
    private static final Pattern QUOTED = Pattern.compile("(?<![\\p{L}\\p{N}])'([^']*+(?:''[^']*+)*+)'");

    /** A {@code key=value} entry, as Flink prints a hint's or a table's options ({@code {path=..., password=...}}). */
    private static final Pattern ENTRY = Pattern.compile("(?<![\\w.-])([\\w.-]++)\\s*+=\\s*+");

    /** A URI's {@code user:password@}. */
    private static final Pattern USER_INFO = Pattern.compile("(://[^/@:\\s']*+:)[^/@\\s']++@");

    /** A parameter that names a secret, {@code password=...} or {@code token: ...}, in any text. */
    private static final Pattern SECRET_PARAMETER =
            Pattern.compile("(?i)(?<![a-z])(pass(?:word|wd)?|pwd|secret|token|api[-_.]?key|access[-_.]?key|credentials?|"
                    + "private[-_.]?key|sig(?:nature)?)\\s*+[=:]\\s*+");

    /**
     * {@code text}, free text that quotes values (a finding's reason, the SQL fragment or plan excerpt
     * it points at, its fix), with every secret this class recognises masked wherever it stands: the
     * value of a {@code 'key' = 'value'} pair or of a {@code key=value} entry whose key names a secret
     * ({@link #isSensitive}), a quoted literal that carries one ({@link #hasSecretInside}: the whole
     * literal), a URI's {@code user:password@} and a {@code password=...} parameter. A rule quotes the
     * value it refuses ("The location 's3://key:secret@bucket/cp' of ..."), and that text is the
     * refusal, the audit record's {@code node}, the advisory and the gateway's log line of the refusal.
     * Masking what is masked changes nothing. A text that cannot hold such a secret ({@link
     * SecretTriggers#mayHoldSecret}: no {@code =} or {@code :}, or no word that names one; most statements) is
     * returned as it is without the regular expressions.
     */
    public static String maskSecrets(String text) {
        if (text == null || text.isEmpty() || !SecretTriggers.mayHoldSecret(text)) {
            return text;
        }
        return maskAll(text);
    }

    /** {@link #maskSecrets} by its regular expressions alone, whatever {@link SecretTriggers} says. */
    static String maskAll(String text) {
        String out = redactPairs(text);
        out = QUOTED.matcher(out).replaceAll(m -> Matcher.quoteReplacement(hasSecretInside(m.group(1)) ? MASK : m.group()));
        out = maskValues(out, ENTRY, true);
        out = maskValues(out, SECRET_PARAMETER, false);
        return USER_INFO.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK_TEXT + "@"));
    }

    /**
     * {@code text} with the value after each match of {@code keyAndSeparator} masked up to where
     * {@link FreeTextValue} ends it (a closing quote, back-tick or bracket the value did not open
     * stays); only where the matched key names a secret ({@link #isSensitive}) when {@code
     * byKey}. A match with no value after it is left as it is.
     */
    private static String maskValues(String text, Pattern keyAndSeparator, boolean byKey) {
        Matcher m = keyAndSeparator.matcher(text);
        FreeTextValue values = new FreeTextValue(text);
        StringBuilder out = null;
        int copied = 0;
        int from = 0;
        while (from < text.length() && m.find(from)) {
            int end = values.end(m.end());
            if (end == m.end()) {
                // No value: as a regular expression that needs one, try again one character on.
                from = m.start() + 1;
                continue;
            }
            if (byKey && !isSensitive(m.group(1))) {
                // Its value may hold entries of its own: hints=[[OPTIONS options:{password=...}]].
                from = m.end();
                continue;
            }
            from = end;
            if (out == null) {
                out = new StringBuilder(text.length());
            }
            out.append(text, copied, m.end()).append(MASK_TEXT);
            copied = end;
        }
        return out == null ? text : out.append(text, copied, text.length()).toString();
    }

    /**
     * A location the guard writes (a savepoint's path in a restore record, a refusal, an {@code
     * EXPLAIN}; a state file or plan file a path limit names), masked as a statement's string literal
     * is ({@link #redact(ParsedStatement)}): whole, when it carries a secret ({@link
     * #hasSecretInside}: a directory named {@code password=...}, a URI's {@code user:password@}), so
     * that no part of it is shown and the sentence around it reads as written; as it is otherwise.
     */
    public static String maskLocation(String location) {
        return hasSecretInside(location) ? MASK_TEXT : location;
    }

    /**
     * {@code text} that may quote {@code location} (Flink's message of why it could not read a
     * savepoint names its path, {@code file:/x/password=.../_metadata}) with each occurrence of the
     * location masked whole ({@link #maskLocation}), then as free text ({@link #maskSecrets}).
     */
    public static String maskLocationIn(String text, String location) {
        if (text == null || location == null || location.isEmpty() || !hasSecretInside(location)) {
            return maskSecrets(text);
        }
        return maskSecrets(text.replace(location, MASK_TEXT));
    }

    /** The parser of {@link #maskSql}: stateless, each thread reads with a Flink parser of its own. */
    private static final StatementParser SQL_PARSER = new StatementParser();

    /**
     * {@code sql}, one or more statements the guard wrote (a rewrite repeats the user's statement,
     * with its {@code OPTIONS} hints, and the statements it needs), with every secret masked: each
     * statement by its parsed literals as {@link #redact(ParsedStatement)} masks a statement for the
     * audit ({@code U&'...'} and continued literals included), then as free text ({@link
     * #maskSecrets}). A secret whose literal cannot be placed withholds the whole text ({@link
     * #WITHHELD}). Masking what is masked changes nothing.
     */
    public static String maskSql(String sql) {
        if (sql == null || sql.isBlank()) {
            return sql;
        }
        String masked = new Redactor(SQL_PARSER).redactScript(sql);
        return masked.equals(WITHHELD) ? WITHHELD_SQL : maskSecrets(masked);
    }

    /** What {@link #maskSql} answers for SQL with a secret it cannot place. */
    static final String WITHHELD_SQL =
            "-- [not shown: it carries a secret value the guard could not find in its text to mask]";

    /**
     * Whether a configuration entry's value is a secret: its key names one ({@link #isSensitive}), or
     * the value carries one whatever its key ({@link #hasSecretInside}: {@code 'pipeline.name' =
     * 'token=...'}). The rule by which a {@code SET} statement's value is masked in the audit
     * ({@link #redact(ParsedStatement)}), and so wherever the guard shows a session's configuration.
     */
    public static boolean isSecret(String key, String value) {
        return isSensitive(key) || hasSecretInside(value);
    }

    /** Masks a configuration value when it is a secret ({@link #isSecret}). */
    public String redactValue(String key, String value) {
        return isSecret(key, value) ? MASK_TEXT : value;
    }

    /** {@code config} with every secret value masked ({@link #isSecret}), in its order. */
    public static Map<String, String> redactValues(Map<String, String> config) {
        Map<String, String> out = new LinkedHashMap<>();
        config.forEach((key, value) -> out.put(key, isSecret(key, value) ? MASK_TEXT : value));
        return out;
    }
}

package io.github.sqlguard.audit;

import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import org.apache.flink.configuration.GlobalConfiguration;

import java.util.LinkedHashMap;
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

    /** What a redacted value is replaced with. */
    public static final String MASK = "'****'";

    /** A redacted configuration value, as session configuration responses show it. */
    public static final String MASK_TEXT = "****";

    private static final String[] SENSITIVE = {
        "password", "passwd", "secret", "token", "jaas", "credential", "private-key", "private.key",
        "access-key", "access.key", "accesskey", "api-key", "apikey", "keystore", "ssl.key", "signature"
    };

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

    /** The text of {@code what} with secret values masked. */
    public String redact(What what) {
        return what instanceof What.OfStatement s ? redact(s.statement()) : redactPairs(what.text());
    }

    /** The statement text with secret values masked. */
    public String redact(ParsedStatement statement) {
        String text = statement.text();
        for (SqlOption option : statement.tableOptions()) {
            if (isSensitive(option.key()) && option.value() != null && !option.value().isEmpty()) {
                text = text.replace("'" + option.value().replace("'", "''") + "'", MASK);
            }
        }
        String key = statement.setKey();
        String value = statement.setValue();
        if (key != null && isSensitive(key) && value != null && !value.isEmpty()) {
            // Everything after the '=': the value may be quoted, unquoted (Flink's extended parser
            // reads SET key = value), or quoted in a way the value alone does not show.
            int equals = text.indexOf('=');
            text = equals < 0
                    ? text.replace("'" + value.replace("'", "''") + "'", MASK)
                    : text.substring(0, equals + 1) + " " + MASK;
        }
        return redactPairs(text);
    }

    /** {@code text} with the value of every {@code 'key' = 'value'} pair whose key names a secret masked. */
    private static String redactPairs(String text) {
        Matcher m = PAIR.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String keyPart = m.group(1);
            if (isSensitive(keyPart)) {
                m.appendReplacement(out, Matcher.quoteReplacement(keyPart + MASK));
            } else {
                m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
            }
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Masks a configuration value when its key is sensitive. */
    public String redactValue(String key, String value) {
        return isSensitive(key) ? MASK_TEXT : value;
    }

    /** {@code config} with the value of every sensitive key masked ({@link #isSensitive}), in its order. */
    public static Map<String, String> redactValues(Map<String, String> config) {
        Map<String, String> out = new LinkedHashMap<>();
        config.forEach((key, value) -> out.put(key, isSensitive(key) ? MASK_TEXT : value));
        return out;
    }
}

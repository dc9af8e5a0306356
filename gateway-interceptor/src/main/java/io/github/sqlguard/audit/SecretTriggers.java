package io.github.sqlguard.audit;

/**
 * Whether a text may hold a secret that {@link Redactor#maskSecrets} masks: a check of a few character
 * comparisons per character, exact in one direction (a text it clears is one no mask of {@link Redactor}
 * changes), so that the regular expressions run only over a text that may need them, not over every statement
 * (they were 6.6 % of the guard's CPU per cheap statement: bench/results/2026-12-05-cheap-r52.md).
 *
 * <p>Why a text it clears is left as it is: every mask of {@link Redactor#maskSecrets} needs
 *
 * <ol>
 *   <li>an {@code =} or a {@code :}: a {@code 'key' = 'value'} pair and a {@code key=value} entry have an
 *       {@code =}, a secret parameter ({@code password=}, {@code token:}) an {@code =} or a {@code :}, a URI's
 *       user information ({@code ://user:password@}) both a {@code :} and an {@code @}; and
 *   <li>a word that names a secret in the text: a key {@link Redactor#isSensitive} names (its own words and Flink's
 *       {@code GlobalConfiguration#isSensitive} keys, each looked for in the key lower-cased: by {@code
 *       Locale.ROOT} there, by the default locale in Flink's), a word of its secret parameters (US-ASCII
 *       case-insensitive), or a URI's user information, which has an {@code @}.
 * </ol>
 *
 * Each of those words holds one of {@link #WORDS} ({@code RedactorTriggersTest} checks every word of both lists
 * and Flink's). A word is looked for with each character of the text that is not US-ASCII standing for any
 * letter: a character outside US-ASCII may lower-case to a US-ASCII letter (U+212A KELVIN SIGN to {@code k},
 * U+0130 to {@code i} in a Turkish locale), and where lower-casing gives more than one character (U+0130 in {@code
 * Locale.ROOT}, Lithuanian's accented capital I's) they are an {@code i} followed by combining marks, which a
 * word can hold only as its last letter; no word of {@link #WORDS} ends in {@code i} (Java's {@code
 * String#toLowerCase}, Unicode's SpecialCasing). Stateless.
 */
final class SecretTriggers {

    /** One of these is in every word that names a secret (lower case, US-ASCII; none ends in {@code i}). */
    static final String[] WORDS = {
        "pass", "pwd", "secret", "token", "key", "credential", "sig", "jaas", "auth", "info", "header"
    };

    private SecretTriggers() {}

    /**
     * False when no mask of {@link Redactor#maskSecrets} changes {@code text}: it has neither {@code =} nor
     * {@code :}, or no {@code @} and none of {@link #WORDS}.
     */
    static boolean mayHoldSecret(String text) {
        if (text.indexOf('=') < 0 && text.indexOf(':') < 0) {
            return false;
        }
        if (text.indexOf('@') >= 0) {
            return true;
        }
        int length = text.length();
        for (int at = 0; at < length; at++) {
            for (String word : WORDS) {
                if (at + word.length() <= length && standsFor(text, at, word)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when {@code text} from {@code at} may lower-case to {@code word}. */
    private static boolean standsFor(String text, int at, String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = text.charAt(at + i);
            if (c < 0x80 && Character.toLowerCase(c) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}

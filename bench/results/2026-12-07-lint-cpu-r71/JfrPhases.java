import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.util.*;
/**
 * java JfrPhases.java a.jfr...: each execution sample counted once, in the first phase (in the order below) one of
 * whose markers ("class.method" substrings) its stack holds; per thread group.
 */
public class JfrPhases {
    static final String[][] PHASES = {
        {"linking invokedynamic call sites and lambda forms", "MethodHandleNatives.linkCallSite", "InnerClassLambdaMetafactory", "LambdaForm", "MethodHandleNatives.linkMethodHandleConstant", "Invokers"},
        {"metadata handlers (MetadataHandlerClasses)", "MetadataHandlerClasses"},
        {"the rewrites' proofs", "prove"},
        {"Flink: translate to transformations (code generation)", "StatementJobs.translate"},
        {"Flink: optimise", "PlannerBase.optimize"},
        {"Flink: exec graph and compiled plan JSON", "compilePlan", "asJsonString"},
        {"Flink: parse, validate, convert", "ParserImpl.parse", "SqlNodeToOperationConversion"},
        {"the guard: plan reading, decision, rules", "Decider", "CompiledPlanReader", "ExplainedPlan", "RuleEngine", "PlanNodeIds", "HintPins", "ViewQueries"},
        {"the guard's statement parse", "StatementParser"},
        {"other planning (SessionPlanner)", "SessionPlanner"},
        {"session open / catalog / modules", "openSession", "SessionContext", "CatalogManager", "ModuleManager", "TableEnvironmentImpl.create"},
        {"LintEngine start (rules, options, executor)", "LintEngine.<init>", "LintEngine.create", "LintEngine.start"},
        {"audit", "AuditLog", "Auditor", "AuditRecord"},
        {"report (LintFormat)", "LintFormat", "LintReport"},
        {"logging setup (SLF4J/Logback)", "LoggerFactory", "logback"},
        {"picocli", "picocli"},
        {"class loading from jars", "ClassLoader.loadClass", "URLClassPath", "ZipFile"},
    };
    public static void main(String[] args) throws Exception {
        Map<String, Map<String, Integer>> byThread = new TreeMap<>();
        Map<String, Integer> total = new HashMap<>();
        for (String a : args) {
            for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a))) {
                if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) continue;
                String thread = e.getThread("sampledThread").getJavaName().replaceAll("\\d+", "N");
                StringBuilder all = new StringBuilder();
                for (RecordedFrame f : e.getStackTrace().getFrames()) all.append(f.getMethod().getType().getName()).append('.').append(f.getMethod().getName()).append('\n');
                String s = all.toString(), phase = "other";
                outer:
                for (String[] p : PHASES) for (int i = 1; i < p.length; i++) if (s.contains(p[i])) { phase = p[0]; break outer; }
                byThread.computeIfAbsent(thread, t -> new HashMap<>()).merge(phase, 1, Integer::sum);
                total.merge(phase, 1, Integer::sum);
            }
        }
        int n = total.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("samples " + n);
        total.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).forEach(en ->
            System.out.printf("| %s | %d | %.1f %% |%n", en.getKey(), en.getValue(), 100.0 * en.getValue() / n));
        byThread.forEach((t, m) -> {
            System.out.println("thread " + t + " " + m.values().stream().mapToInt(Integer::intValue).sum());
            m.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(8)
                .forEach(en -> System.out.println("   " + en.getValue() + "  " + en.getKey()));
        });
    }
}

import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.util.*;
/** java JfrChild.java MARKER a.jfr...: samples under the method MARKER ("class.method") by its direct callee (lambda/reflection frames skipped). */
public class JfrChild {
    public static void main(String[] args) throws Exception {
        Map<String, Integer> kids = new HashMap<>(); int n = 0;
        for (int k = 1; k < args.length; k++) for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[k]))) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) continue;
            List<RecordedFrame> fr = e.getStackTrace().getFrames();
            for (int i = fr.size() - 1; i >= 0; i--) {
                String m = fr.get(i).getMethod().getType().getName() + "." + fr.get(i).getMethod().getName();
                if (m.equals(args[0])) {
                    n++;
                    String kid = "(self)";
                    for (int j = i - 1; j >= 0; j--) {
                        String c = fr.get(j).getMethod().getType().getName() + "." + fr.get(j).getMethod().getName();
                        if (c.contains("$$Lambda") || c.startsWith("jdk.internal.reflect") || c.startsWith("java.lang.reflect")) continue;
                        kid = c; break;
                    }
                    kids.merge(kid, 1, Integer::sum); break;
                }
            }
        }
        System.out.println(n + " samples under " + args[0]);
        kids.entrySet().stream().sorted(Map.Entry.<String,Integer>comparingByValue().reversed()).limit(12).forEach(x -> System.out.println("  " + x.getValue() + " " + x.getKey()));
    }
}

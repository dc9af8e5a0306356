import jdk.jfr.consumer.*;
import java.nio.file.Path;
import java.util.*;
/** java JfrIndy.java a.jfr...: samples under MethodHandleNatives.linkCallSite by the package of the method whose call site is linked, and by bootstrap. */
public class JfrIndy {
    public static void main(String[] args) throws Exception {
        Map<String, Integer> callers = new HashMap<>(), boots = new HashMap<>();
        for (String a : args) for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(a))) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) continue;
            List<RecordedFrame> fr = e.getStackTrace().getFrames();
            for (int i = fr.size() - 1; i >= 0; i--) {
                String m = fr.get(i).getMethod().getType().getName() + "." + fr.get(i).getMethod().getName();
                if (m.equals("java.lang.invoke.MethodHandleNatives.linkCallSite")) {
                    String caller = i + 1 < fr.size() ? fr.get(i + 1).getMethod().getType().getName() : "?";
                    callers.merge(caller.replaceAll("^((?:[a-z0-9_]+\\.){1,4}).*", "$1"), 1, Integer::sum);
                    String boot = "?";
                    for (int j = i - 1; j >= 0; j--) {
                        String n = fr.get(j).getMethod().getType().getName() + "." + fr.get(j).getMethod().getName();
                        if (n.contains("Metafactory") || n.contains("ObjectMethods") || n.contains("StringConcatFactory") || n.contains("SwitchBootstraps")) { boot = n; break; }
                    }
                    boots.merge(boot, 1, Integer::sum);
                    break;
                }
            }
        }
        System.out.println("callers:"); callers.entrySet().stream().sorted(Map.Entry.<String,Integer>comparingByValue().reversed()).limit(12).forEach(x -> System.out.println("  " + x.getValue() + " " + x.getKey()));
        System.out.println("bootstraps:"); boots.entrySet().stream().sorted(Map.Entry.<String,Integer>comparingByValue().reversed()).limit(8).forEach(x -> System.out.println("  " + x.getValue() + " " + x.getKey()));
    }
}

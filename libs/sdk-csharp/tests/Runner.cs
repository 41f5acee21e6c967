// A small test runner: no test framework to install, and a JUnit XML report that scripts/run.mjs
// counts like pytest's and ctest's (scripts/test-counts.mjs countJUnit).
//   mono Latchkey.Tests.exe [--junit report.xml] [name filter...]
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security;
using System.Text;

namespace Latchkey.Tests
{
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class TestAttribute : Attribute { }

    /// <summary>A class of tests: Start before its first test, Stop after its last; Skip says why none can run.</summary>
    internal abstract class Suite
    {
        public virtual string Skip() => null;
        public virtual void Start() { }
        public virtual void Stop() { }
    }

    internal sealed class AssertionFailed : Exception
    {
        public AssertionFailed(string message) : base(message) { }
    }

    internal static class Assert
    {
        public static void True(bool condition, string what)
        {
            if (!condition) throw new AssertionFailed(what);
        }

        public static void Equal<T>(T expected, T actual, string what = "value")
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                throw new AssertionFailed($"{what} is {Show(actual)}, expected {Show(expected)}");
        }

        public static T Throws<T>(Action action) where T : Exception
        {
            try
            {
                action();
            }
            catch (T expected)
            {
                return expected;
            }
            catch (Exception other)
            {
                throw new AssertionFailed($"threw {other.GetType().Name} ({other.Message}), expected {typeof(T).Name}");
            }
            throw new AssertionFailed($"threw nothing, expected {typeof(T).Name}");
        }

        /// <summary>The call fails with <paramref name="code"/> (and <paramref name="status"/> when given) as a <typeparamref name="T"/>.</summary>
        public static T Refused<T>(ErrorCode code, Action action, int? status = null) where T : LatchkeyException
        {
            var error = Throws<LatchkeyException>(action);
            if (!(error is T)) throw new AssertionFailed($"{error.GetType().Name} {error.CodeName}: {error.Message}, expected a {typeof(T).Name}");
            Equal(code, error.Code, $"code ({error.Message})");
            if (status.HasValue) Equal(status.Value, error.Status, "status");
            return (T)error;
        }

        private static string Show<T>(T value) => value == null ? "null" : $"\"{value}\"";
    }

    internal static class Runner
    {
        private sealed class Outcome
        {
            public string Suite;
            public string Name;
            public double Seconds;
            public string Failure;
            public string Skipped;
        }

        public static int Main(string[] args)
        {
            string junit = null;
            var filters = new List<string>();
            for (var i = 0; i < args.Length; i++)
            {
                if (args[i] == "--junit" && i + 1 < args.Length) junit = args[++i];
                else filters.Add(args[i]);
            }
            var outcomes = new List<Outcome>();
            var suites = typeof(Runner).Assembly.GetTypes()
                .Where(t => t.IsSubclassOf(typeof(Suite)) && !t.IsAbstract)
                .OrderBy(t => t.Name, StringComparer.Ordinal);
            foreach (var type in suites)
            {
                var tests = type.GetMethods(BindingFlags.Public | BindingFlags.Instance)
                    .Where(m => m.GetCustomAttribute<TestAttribute>() != null)
                    .Where(m => filters.Count == 0 || filters.Any(f => $"{type.Name}.{m.Name}".Contains(f)))
                    .OrderBy(m => m.MetadataToken)
                    .ToList();
                if (tests.Count > 0) outcomes.AddRange(RunSuite(type, tests));
            }
            var failed = outcomes.Count(o => o.Failure != null);
            var skipped = outcomes.Count(o => o.Skipped != null);
            Console.WriteLine($"{outcomes.Count - failed - skipped} passed, {failed} failed, {skipped} skipped");
            if (junit != null) WriteJUnit(junit, outcomes);
            return failed == 0 && outcomes.Count > 0 ? 0 : 1;
        }

        private static IEnumerable<Outcome> RunSuite(Type type, List<MethodInfo> tests)
        {
            var suite = (Suite)Activator.CreateInstance(type);
            var skip = suite.Skip();
            string broken = null;
            if (skip == null)
            {
                try
                {
                    suite.Start();
                }
                catch (Exception error)
                {
                    broken = $"{type.Name}.Start failed: {error}";
                }
            }
            var outcomes = new List<Outcome>();
            foreach (var test in tests)
            {
                var outcome = new Outcome { Suite = type.Name, Name = test.Name, Skipped = skip, Failure = broken };
                if (skip == null && broken == null)
                {
                    var clock = Stopwatch.StartNew();
                    try
                    {
                        test.Invoke(suite, null);
                    }
                    catch (TargetInvocationException error)
                    {
                        var inner = error.InnerException;
                        outcome.Failure = inner is AssertionFailed ? $"{inner.Message}\n{inner.StackTrace}" : inner.ToString();
                    }
                    outcome.Seconds = clock.Elapsed.TotalSeconds;
                }
                var verdict = outcome.Skipped != null ? $"skipped ({skip})" : outcome.Failure == null ? "ok" : "FAILED";
                Console.WriteLine($"{verdict} {type.Name}.{test.Name}");
                if (outcome.Failure != null) Console.WriteLine("  " + outcome.Failure.Replace("\n", "\n  "));
                outcomes.Add(outcome);
            }
            if (skip == null && broken == null) suite.Stop();
            return outcomes;
        }

        private static void WriteJUnit(string path, List<Outcome> outcomes)
        {
            var xml = new StringBuilder();
            xml.Append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            xml.Append($"<testsuite name=\"Latchkey.Tests\" tests=\"{outcomes.Count}\" failures=\"{outcomes.Count(o => o.Failure != null)}\" skipped=\"{outcomes.Count(o => o.Skipped != null)}\">\n");
            foreach (var o in outcomes)
            {
                xml.Append($"  <testcase classname=\"{o.Suite}\" name=\"{o.Name}\" time=\"{o.Seconds.ToString("0.000", System.Globalization.CultureInfo.InvariantCulture)}\"");
                if (o.Failure != null) xml.Append($">\n    <failure message=\"failed\">{SecurityElement.Escape(o.Failure)}</failure>\n  </testcase>\n");
                else if (o.Skipped != null) xml.Append($">\n    <skipped message=\"{SecurityElement.Escape(o.Skipped)}\"/>\n  </testcase>\n");
                else xml.Append("/>\n");
            }
            xml.Append("</testsuite>\n");
            File.WriteAllText(path, xml.ToString());
        }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Web.Script.Serialization;

namespace Latchkey.Tests
{
    /// <summary>The protocol's test vectors (libs/sdk/test/vectors.json, shared by every SDK), read where they are.</summary>
    internal static class Vectors
    {
        private static Dictionary<string, object> json;

        private static string Path => Environment.GetEnvironmentVariable("LATCHKEY_VECTORS") ??
            System.IO.Path.Combine(Repository.Root, "libs/sdk/test/vectors.json");

        private static object At(string path)
        {
            if (json == null) json = (Dictionary<string, object>)new JavaScriptSerializer().DeserializeObject(File.ReadAllText(Path));
            object node = json;
            foreach (var name in path.Split('.')) node = ((Dictionary<string, object>)node)[name];
            return node;
        }

        public static string Text(string path) => (string)At(path);

        public static long Number(string path) => Convert.ToInt64(At(path));
    }

    internal static class Repository
    {
        /// <summary>The checkout's root: LATCHKEY_ROOT, else found above the working directory.</summary>
        public static string Root
        {
            get
            {
                var given = Environment.GetEnvironmentVariable("LATCHKEY_ROOT");
                if (!string.IsNullOrEmpty(given)) return given;
                for (var dir = new DirectoryInfo(Environment.CurrentDirectory); dir != null; dir = dir.Parent)
                {
                    if (File.Exists(System.IO.Path.Combine(dir.FullName, "pnpm-workspace.yaml"))) return dir.FullName;
                }
                throw new InvalidOperationException("run inside the repository or set LATCHKEY_ROOT");
            }
        }

        public static string Node => Environment.GetEnvironmentVariable("LATCHKEY_NODE") ?? "node";
    }

    /// <summary>
    /// An HTTP server on loopback that answers every request with one fixed answer (status, headers,
    /// body), e.g. the vectors' signed answer verbatim; it closes each connection after answering.
    /// </summary>
    internal sealed class FixedAnswerServer : IDisposable
    {
        private readonly TcpListener listener = new TcpListener(IPAddress.Loopback, 0);
        private readonly Thread thread;
        private byte[] answer;

        public FixedAnswerServer()
        {
            listener.Start();
            thread = new Thread(Serve) { IsBackground = true };
            thread.Start();
        }

        public string Url => $"http://127.0.0.1:{((IPEndPoint)listener.LocalEndpoint).Port}";

        public void Answer(int status, IDictionary<string, string> headers, string body)
        {
            var bytes = Encoding.UTF8.GetBytes(body);
            var head = new StringBuilder($"HTTP/1.1 {status} Answer\r\nContent-Length: {bytes.Length}\r\nConnection: close\r\n");
            foreach (var header in headers) head.Append($"{header.Key}: {header.Value}\r\n");
            head.Append("\r\n");
            var whole = new List<byte>(Encoding.ASCII.GetBytes(head.ToString()));
            whole.AddRange(bytes);
            Volatile.Write(ref answer, whole.ToArray());
        }

        private void Serve()
        {
            while (true)
            {
                TcpClient connection;
                try
                {
                    connection = listener.AcceptTcpClient();
                }
                catch (Exception)
                {
                    return; // stopped
                }
                using (connection)
                {
                    var stream = connection.GetStream();
                    ReadRequest(stream);
                    var bytes = Volatile.Read(ref answer);
                    stream.Write(bytes, 0, bytes.Length);
                }
            }
        }

        /// <summary>Reads the request's head and its Content-Length body, and forgets them.</summary>
        private static void ReadRequest(NetworkStream stream)
        {
            var head = new StringBuilder();
            while (!head.ToString().EndsWith("\r\n\r\n", StringComparison.Ordinal))
            {
                var b = stream.ReadByte();
                if (b < 0) return;
                head.Append((char)b);
            }
            var length = 0;
            foreach (var line in head.ToString().Split('\n'))
            {
                if (line.StartsWith("content-length:", StringComparison.OrdinalIgnoreCase)) length = int.Parse(line.Substring(15).Trim());
            }
            var buffer = new byte[4096];
            while (length > 0)
            {
                var read = stream.Read(buffer, 0, Math.Min(buffer.Length, length));
                if (read <= 0) return;
                length -= read;
            }
        }

        public void Dispose() => listener.Stop();
    }

    /// <summary>
    /// libs/sdk-c/tests/fake-service.mjs: the C SDK's stand-in service, signing with the vectors' key
    /// and breaking its answers as the URL's first segment (the scenario) says.
    /// </summary>
    internal sealed class FakeService
    {
        private readonly string state = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"latchkey-cs-fake-{Process.GetCurrentProcess().Id}.state");
        private readonly string script = System.IO.Path.Combine(Repository.Root, "libs/sdk-c/tests/fake-service.mjs");

        public string Url { get; private set; }
        public string AppId { get; private set; }
        public string PublicKey { get; private set; }

        public void Start()
        {
            Run("--start");
            var lines = File.ReadAllLines(state);
            Url = lines[0];
            AppId = lines[1];
            PublicKey = lines[2];
        }

        public void Stop() => Run("--stop");

        public LatchkeyClient Client(string scenario) => new LatchkeyClient($"{Url}/{scenario}", AppId, "lk_fake", PublicKey);

        private void Run(string mode)
        {
            var start = new ProcessStartInfo(Repository.Node, $"\"{script}\" {mode} \"{state}\"") { UseShellExecute = false };
            using (var process = Process.Start(start))
            {
                process.WaitForExit();
                if (process.ExitCode != 0) throw new InvalidOperationException($"fake-service.mjs {mode} exited {process.ExitCode}");
            }
        }
    }
}

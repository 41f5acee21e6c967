using System;
using System.Threading;

namespace Latchkey
{
    /// <summary>
    /// Heartbeats on a thread of liblatchkey's own (<c>lk_heartbeat_timer_start</c>), started by
    /// <see cref="LatchkeyClient.StartHeartbeat"/>. The callbacks run on the .NET thread pool, never on
    /// the C thread, so they may dispose the timer or the client. Dispose stops the thread, waiting for
    /// a heartbeat under way.
    /// </summary>
    public sealed class HeartbeatTimer : IDisposable
    {
        private readonly TimerHandle handle;
        private readonly Action<HeartbeatTimer> forget;

        internal HeartbeatTimer(ClientHandle client, TimeSpan interval, Action<LatchkeyException> onLost,
            Action<LatchkeyException> onError, Action<HeartbeatTimer> forget)
        {
            this.forget = forget;
            var milliseconds = (long)interval.TotalMilliseconds;
            if (milliseconds < 0) throw new ArgumentOutOfRangeException(nameof(interval), "at least zero (zero: 60 s)");
            handle = new TimerHandle(client);
            handle.OnLost = Relay(onLost);
            handle.OnError = Relay(onError);
            var code = -1;
            var timer = IntPtr.Zero;
            var error = default(Native.ErrorInfo);
            try
            {
                code = Native.StartHeartbeatTimer(client, milliseconds, handle.OnLost, handle.OnError, out timer,
                    out error);
            }
            finally
            {
                // Not started (refused, or an exception): the client's reference is given back.
                if (code != 0)
                {
                    handle.ReleaseClient();
                    handle.SetHandleAsInvalid();
                }
            }
            if (code != 0) throw Native.ToException(code, ref error);
            handle.Set(timer);
        }

        /// <summary>A C callback that hands the error to <paramref name="callback"/> on the thread pool; NULL when none.</summary>
        private static unsafe Native.HeartbeatCallback Relay(Action<LatchkeyException> callback)
        {
            if (callback == null) return null;
            return (error, userData) =>
            {
                var info = *(Native.ErrorInfo*)error;
                var exception = Native.ToException(info.Code, ref info);
                ThreadPool.QueueUserWorkItem(_ => callback(exception));
            };
        }

        public void Dispose()
        {
            handle.Dispose();
            forget(this);
        }
    }
}

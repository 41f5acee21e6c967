using System;
using System.Runtime.InteropServices;

namespace Latchkey
{
    /// <summary>An <c>lk_client *</c>, freed with <c>lk_client_free</c> once no call and no heartbeat timer uses it.</summary>
    internal sealed class ClientHandle : SafeHandle
    {
        public ClientHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid => handle == IntPtr.Zero;

        internal void Set(IntPtr client) => SetHandle(client);

        protected override bool ReleaseHandle()
        {
            Native.lk_client_free(handle);
            return true;
        }
    }

    /// <summary>
    /// An <c>lk_heartbeat_timer *</c>. It holds a reference on its client's handle (released after the
    /// timer stopped, so the C client outlives its timer as latchkey.h requires) and keeps the
    /// callbacks that the C thread calls alive for as long as the timer runs.
    /// </summary>
    internal sealed class TimerHandle : SafeHandle
    {
        private readonly ClientHandle client;
        private bool clientReferenced;

        // Referenced here so that the collector never frees a delegate the C thread may still call.
        internal Native.HeartbeatCallback OnLost;
        internal Native.HeartbeatCallback OnError;

        internal TimerHandle(ClientHandle client) : base(IntPtr.Zero, true)
        {
            this.client = client;
            client.DangerousAddRef(ref clientReferenced);
        }

        public override bool IsInvalid => handle == IntPtr.Zero;

        internal void Set(IntPtr timer) => SetHandle(timer);

        /// <summary>Gives the client back when the timer could not be started.</summary>
        internal void ReleaseClient()
        {
            if (!clientReferenced) return;
            clientReferenced = false;
            client.DangerousRelease();
        }

        protected override bool ReleaseHandle()
        {
            Native.lk_heartbeat_timer_stop(handle);
            ReleaseClient();
            return true;
        }
    }
}

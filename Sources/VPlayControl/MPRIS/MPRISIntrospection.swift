import VPlayCore

/// The introspection data of the MPRIS object, for `busctl introspect` and generic clients.
/// The properties come from `MPRISProperties`, where each is declared once.
enum MPRISIntrospection {
    static let xml = """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
      <interface name="org.freedesktop.DBus.Introspectable">
        <method name="Introspect"><arg name="xml_data" type="s" direction="out"/></method>
      </interface>
      <interface name="org.freedesktop.DBus.Properties">
        <method name="Get">
          <arg name="interface_name" type="s" direction="in"/><arg name="property_name" type="s" direction="in"/>
          <arg name="value" type="v" direction="out"/>
        </method>
        <method name="GetAll">
          <arg name="interface_name" type="s" direction="in"/><arg name="properties" type="a{sv}" direction="out"/>
        </method>
        <method name="Set">
          <arg name="interface_name" type="s" direction="in"/><arg name="property_name" type="s" direction="in"/>
          <arg name="value" type="v" direction="in"/>
        </method>
        <signal name="PropertiesChanged">
          <arg name="interface_name" type="s"/><arg name="changed_properties" type="a{sv}"/>
          <arg name="invalidated_properties" type="as"/>
        </signal>
      </interface>
      <interface name="org.mpris.MediaPlayer2">
        <method name="Raise"/>
        <method name="Quit"/>
    \(properties(of: MPRISProperties.root))
      </interface>
      <interface name="org.mpris.MediaPlayer2.Player">
        <method name="Next"/>
        <method name="Previous"/>
        <method name="Pause"/>
        <method name="PlayPause"/>
        <method name="Stop"/>
        <method name="Play"/>
        <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
        <method name="SetPosition">
          <arg name="TrackId" type="o" direction="in"/><arg name="Position" type="x" direction="in"/>
        </method>
        <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
        <signal name="Seeked"><arg name="Position" type="x"/></signal>
    \(properties(of: MPRISProperties.player))
      </interface>
    </node>
    """

    /// The `<property>` elements of `interface`: the type is that of the value read with no
    /// file loaded; a property read on demand only says that it sends no `PropertiesChanged`.
    private static func properties(of interface: String) -> String {
        let context = MPRISContext(state: PlayerState(), trackNumber: 0)
        return MPRISProperties.all.filter { $0.interface == interface }.map { property in
            let head = "    <property name=\"\(property.name)\" type=\"\(property.get(context).signature)\" "
                + "access=\"\(property.set == nil ? "read" : "readwrite")\""
            switch property.changes {
            case .signalled: return head + "/>"
            case .constant: return head + ">" + annotation("const") + "</property>"
            case .onDemand: return head + ">" + annotation("false") + "</property>"
            }
        }.joined(separator: "\n")
    }

    private static func annotation(_ value: String) -> String {
        "<annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(value)\"/>"
    }
}

/// The configuration the app builds from a deeplink's query (MKWebViewConfiguration).
public struct DeeplinkConfiguration: Equatable, Sendable {
    public var host: String
    /// `url`, decoded and re-encoded with the URL-query-allowed set.
    public var urlString: String?
    public var title: String?
    public var leftBtn: Bool?
    public var rightBtn: Bool?
    /// Colour parameters as given (decoded); `appearance` resolves them.
    public var navigationColor: String?
    public var statusBarColor: String?
    public var tintColor: String?
    public var removeStack: Bool?

    public init(
        host: String, urlString: String? = nil, title: String? = nil, leftBtn: Bool? = nil, rightBtn: Bool? = nil,
        navigationColor: String? = nil, statusBarColor: String? = nil, tintColor: String? = nil, removeStack: Bool? = nil
    ) {
        self.host = host
        self.urlString = urlString
        self.title = title
        self.leftBtn = leftBtn
        self.rightBtn = rightBtn
        self.navigationColor = navigationColor
        self.statusBarColor = statusBarColor
        self.tintColor = tintColor
        self.removeStack = removeStack
    }

    /// Whether the screen shows a navigation bar: any bar parameter is present, whatever its value.
    public var navigationBarIsEnable: Bool {
        title != nil || leftBtn != nil || rightBtn != nil || navigationColor != nil || statusBarColor != nil || tintColor != nil
    }

    /// The bar as the app draws it for this configuration.
    public var appearance: BarAppearance {
        BarAppearance(configuration: self)
    }
}

/// The resolved look of a screen's bars.
public struct BarAppearance: Equatable, Sendable {
    public var barVisible: Bool
    /// The bar title (`""` without one; the page's `<title>` is never used).
    public var title: String
    public var leftButton: Bool
    public var rightButton: Bool
    public var navigationColor: RGBColor
    public var tintColor: RGBColor
    /// The status bar background, whether or not the navigation bar is visible.
    public var statusBarColor: RGBColor

    public init(
        barVisible: Bool, title: String, leftButton: Bool, rightButton: Bool,
        navigationColor: RGBColor, tintColor: RGBColor, statusBarColor: RGBColor
    ) {
        self.barVisible = barVisible
        self.title = title
        self.leftButton = leftButton
        self.rightButton = rightButton
        self.navigationColor = navigationColor
        self.tintColor = tintColor
        self.statusBarColor = statusBarColor
    }

    /// A screen without any configuration: no bar, white status bar.
    public static let noBar = BarAppearance(
        barVisible: false, title: "", leftButton: false, rightButton: false,
        navigationColor: .white, tintColor: .defaultTint, statusBarColor: .white
    )

    /// Resolves a configuration with the app's defaults (`#FFFFFF` bar, `#292F33` tint).
    public init(configuration: DeeplinkConfiguration?) {
        guard let configuration else { self = .noBar; return }
        let visible = configuration.navigationBarIsEnable
        self.init(
            barVisible: visible,
            title: visible ? (configuration.title ?? "") : "",
            leftButton: visible && configuration.leftBtn == true,
            rightButton: visible && configuration.rightBtn == true,
            navigationColor: configuration.navigationColor.map { HexColor(parameter: $0).color } ?? .white,
            tintColor: configuration.tintColor.map { HexColor(parameter: $0).color } ?? .defaultTint,
            statusBarColor: configuration.statusBarColor.map { HexColor(parameter: $0).color } ?? .white
        )
    }
}
